// The built command (`dist/bin/cli.js`) as a child process, for the tests across processes: its URL
// once it listens, its JSON log lines as they come, and plain requests on a connection of their
// own (so that `--workers` hands each to the next worker).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';

const builtCli = fileURLToPath(new URL('../dist/bin/cli.js', import.meta.url));

export type LogLine = Record<string, unknown> & { msg?: string };

export interface Command {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>`, from the listening line. */
  url: string;
  /** The JSON log lines written so far. */
  logs: LogLine[];
  /** Resolves with the first log line (already written or to come) that `matches`. */
  logged(matches: (line: LogLine) => boolean): Promise<LogLine>;
}

/** Starts the built command with `args` (and `--port 0`); resolves once it listens. */
export function startCommand(args: string[]): Promise<Command> {
  const child = spawn(process.execPath, [builtCli, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs: LogLine[] = [];
  const waiting = new Set<{
    matches: (line: LogLine) => boolean;
    resolve: (line: LogLine) => void;
  }>();
  const logged = (matches: (line: LogLine) => boolean) =>
    new Promise<LogLine>((resolve) => {
      const found = logs.find(matches);
      if (found) resolve(found);
      else waiting.add({ matches, resolve });
    });
  let pending = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const text of lines) {
        const listening = /listening on (\S+)/.exec(text);
        if (listening?.[1] && !text.startsWith('{')) {
          resolve({ child, url: listening[1], logs, logged });
          continue;
        }
        if (!text.startsWith('{')) continue;
        const line = JSON.parse(text) as LogLine;
        logs.push(line);
        for (const waiter of waiting) {
          if (!waiter.matches(line)) continue;
          waiting.delete(waiter);
          waiter.resolve(line);
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`exited early (${code}): ${pending}`)));
  });
}

/** Stops a started command (SIGTERM) and resolves once it exited; at once if it already has. */
export async function stopCommand({ child }: Pick<Command, 'child'>): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** One request on a new connection (no keep-alive), with `x-request-id: id` when given. */
export function send(
  url: string,
  method: string,
  path: string,
  options: { body?: unknown; id?: string } = {},
): Promise<Reply> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const sent = request(
      new URL(path, url),
      {
        method,
        agent: false,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.id === undefined ? {} : { 'x-request-id': options.id }),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

// A Redis of a test suite's own: `redis-server` on a free port with a scratch directory
// (append-only file on, no snapshots), for running the reference server on Redis in tests. The
// `redis-server` program must be on PATH: without it, the one message of prerequisites.mjs says
// how to install it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireProgram } from '../../../prerequisites.mjs';

export interface ScratchRedis {
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  /** A URL of this Redis with keys under their own prefix, so that stores do not share state;
   * its `commandTimeoutMs` is `testCommandTimeoutMs` unless given (a test about a slow Redis
   * gives the store's own default). */
  urlWithPrefix(prefix: string, options?: { commandTimeoutMs?: number }): string;
  /** Stops the server (SIGTERM: it writes its append-only file) and keeps its directory. */
  stop(): Promise<void>;
  /** Starts it again on the same port and directory: what was committed is loaded back; with
   * `empty`, its files are removed first, as a Redis without persistence restarts. */
  restart(options?: { empty?: boolean }): Promise<void>;
  /** Kills it (SIGKILL): connections drop with commands in flight. */
  kill(): Promise<void>;
  /** Stops it (SIGSTOP) until `resume` (SIGCONT): connections stay open, nothing answers. */
  pause(): void;
  resume(): void;
  /** Stops it and removes its directory. */
  remove(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function launch(program: string, port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    program,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'yes',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const exited = (code: number | null) =>
      reject(new Error(`redis-server exited (${code}): ${output}`));
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('Ready to accept connections')) return;
      child.off('exit', exited);
      child.stdout?.off('data', read);
      child.stdout?.resume();
      resolve(child);
    };
    child.once('error', reject);
    child.once('exit', exited);
    child.stdout?.on('data', read);
    child.stderr?.resume();
  });
}

function stopped(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    if (signal === 'SIGTERM') child.kill('SIGCONT'); // a paused server must run to stop
    child.kill(signal);
  });
}

function emptyDirectory(dir: string): void {
  for (const name of readdirSync(dir)) rmSync(join(dir, name), { recursive: true, force: true });
}

/** The command deadline of the stores on a scratch Redis (the store's default is 1 s): a test
 * runner's processes run beside each other, and a command Redis answered must not count as timed
 * out because this process's event loop was busy. */
export const testCommandTimeoutMs = 5000;

/** How many ports a start tries before it gives up. */
const portsTried = 5;

/** `redis-server` on a port `pickPort` finds free. Another process may take that port between the
 * probe and the server's bind (test runners start many servers at once): the server then exits
 * with `Address already in use`, and the next port is tried. */
async function launchOnFreePort(
  program: string,
  dir: string,
  pickPort: () => Promise<number>,
): Promise<{ child: ChildProcess; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await pickPort();
    try {
      return { child: await launch(program, port, dir), port };
    } catch (error) {
      const taken = error instanceof Error && error.message.includes('Address already in use');
      if (!taken || attempt === portsTried) throw error;
    }
  }
}

/** Starts a Redis on a free loopback port with a scratch directory; a `MissingProgramError` when
 * `redis-server` is not on PATH. `pickPort`: how a free port is found (tests give a taken one). */
export async function startScratchRedis(
  pickPort: () => Promise<number> = freePort,
): Promise<ScratchRedis> {
  const program = requireProgram('redis-server');
  const dir = mkdtempSync(join(tmpdir(), 'brokerage-redis-'));
  const launched = await launchOnFreePort(program, dir, pickPort);
  const { port } = launched;
  let child = launched.child;
  const url = `redis://127.0.0.1:${port}`;
  return {
    url,
    urlWithPrefix: (prefix, { commandTimeoutMs = testCommandTimeoutMs } = {}) =>
      `${url}/0?prefix=${encodeURIComponent(prefix)}&commandTimeoutMs=${commandTimeoutMs}`,
    stop: () => stopped(child),
    async restart({ empty = false } = {}) {
      await stopped(child);
      if (empty) emptyDirectory(dir);
      child = await launch(program, port, dir);
    },
    kill: () => stopped(child, 'SIGKILL'),
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    async remove() {
      await stopped(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A store URL on the process's shared scratch Redis, under a prefix of its own. */
export interface ScratchStore {
  store: string;
  /** Gives the store back; the scratch Redis stops (and its directory goes) with the last one. */
  release(): Promise<void>;
}

let shared: Promise<ScratchRedis> | undefined;
let leased = 0;
let prefixes = 0;

/** A store on one scratch Redis shared by the test process: started with the first store asked
 * for, stopped when the last is released; each store has keys under a prefix of its own. */
export async function scratchStore(): Promise<ScratchStore> {
  shared ??= startScratchRedis();
  const starting = shared;
  leased += 1;
  let redis: ScratchRedis;
  try {
    redis = await starting;
  } catch (error) {
    // A start that failed is not kept: the next store starts a Redis again.
    leased -= 1;
    if (shared === starting) shared = undefined;
    throw error;
  }
  const store = redis.urlWithPrefix(`scratch-${process.pid}-${++prefixes}`);
  let released = false;
  return {
    store,
    async release() {
      if (released) return;
      released = true;
      leased -= 1;
      if (leased > 0 || shared === undefined) return;
      const stopping = shared;
      shared = undefined;
      await (await stopping).remove();
    },
  };
}

// The servers under test, each in its own child process on 127.0.0.1 and a free port.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = join(here, '..', '..');
export const bundledDocument = join(repoRoot, 'packages', 'types', 'generated', 'openapi.yaml');
const prismCli = join(
  dirname(require.resolve('@stoplight/prism-cli/package.json')),
  'dist',
  'index.js',
);

const children = new Set();

/** A port nobody listens on right now (Prism takes its port on the command line). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function track(child, name) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  child.name = name;
  return child;
}

/** Resolves with the first stdout line that `parse` accepts (undefined: keep reading). */
function firstLine(child, parse, timeoutMs) {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(
      () => reject(new Error(`${child.name}: no start-up line in ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onData = (chunk) => {
      buffer += chunk;
      let newline;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        const value = parse(line);
        if (value !== undefined) {
          clearTimeout(timer);
          child.stdout.off('data', onData);
          child.stdout.resume();
          resolve(value);
          return;
        }
      }
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${child.name} exited (${code}) before starting`));
    });
  });
}

/** A Node script of this folder that prints `{"url": ...}` once it listens. */
async function startListener(script, args, name) {
  const child = track(
    spawn(process.execPath, [join(here, script), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
    name,
  );
  const url = await firstLine(
    child,
    (line) => (line.startsWith('{') ? JSON.parse(line).url : undefined),
    30_000,
  );
  return { child, url };
}

/** Resident memory of a child process in KiB (Linux: `/proc/<pid>/status`). */
export function residentKiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
}

/** The reference server (bench/lib/reference-server.mjs), with or without validation, in
 * gateway mode (default) or hosted mode; `server`: another build's server entry
 * (`<checkout>/packages/server/dist/index.js`; default: this workspace's). */
export function startReference({ validation, mode = 'gateway', server }) {
  return startListener(
    'reference-server.mjs',
    [
      ...(validation ? [] : ['--no-validation']),
      ...(mode === 'hosted' ? ['--hosted'] : []),
      ...(server ? ['--server', server] : []),
    ],
    `reference server${validation ? '' : ' (no validation)'}${mode === 'hosted' ? ' (hosted)' : ''}${server ? ` of ${server}` : ''}`,
  );
}

/** A bare Express 5 app answering `routes` ([{ method, path, status, type, body }]) with fixed
 * bytes (bench/lib/bare-express.mjs). */
export function startBareExpress(routes) {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-bare-')), 'routes.json');
  writeFileSync(file, JSON.stringify(routes));
  return startListener('bare-express.mjs', [file], 'bare Express');
}

/** Polls `check` until it resolves true (the server answers), up to `timeoutMs`. */
export async function waitUntil(check, timeoutMs, what) {
  const started = performance.now();
  for (;;) {
    try {
      if (await check()) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs)
      throw new Error(`${what} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const cli = join(repoRoot, 'packages', 'server', 'dist', 'bin', 'cli.js');
const listeningLine = /listening on (https?:\/\/\S+)/;

/** The built command (`brokerage-server`) with `args`; resolves with the child and its URL once
 * it says where it listens. */
export function startCommand(args, name) {
  const child = track(
    spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'inherit'] }),
    name,
  );
  return firstLine(child, (line) => listeningLine.exec(line)?.[1], 60_000).then((url) => ({
    child,
    url,
  }));
}

/** Stoplight Prism mocking the bundled document, as a user would run it. */
export async function startPrism() {
  const port = await freePort();
  const child = track(
    spawn(
      process.execPath,
      [prismCli, 'mock', bundledDocument, '-p', String(port), '-h', '127.0.0.1'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    ),
    'prism',
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => (exited = true));
  await waitUntil(
    async () => {
      if (exited) throw Object.assign(new Error(`prism exited: ${stderr}`), { fatal: true });
      return (await fetch(`${url}/v1/api/tickle`, { method: 'POST' })).status === 200;
    },
    60_000,
    'prism',
  ).catch((error) => {
    throw new Error(`${error.message}\n${stderr}`);
  });
  return { child, url };
}

/** Spawns a process tracked for clean-up (the cold-start runs). */
export function spawnTracked(command, args, options, name) {
  return track(spawn(command, args, options), name);
}

/** Ends one child: SIGTERM, then SIGKILL after a grace period. */
export function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Ends every child still running (at the end of the run, and on an error or Ctrl-C). */
export function stopAll() {
  return Promise.all([...children].map(stop));
}

/** Runs a bench's entry point: its child processes are stopped when it ends, when it fails (exit
 * code 1) and on SIGINT or SIGTERM (exit code 130). */
export function runEntryPoint(main) {
  const interrupt = () => stopAll().finally(() => process.exit(130));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  main().then(
    () => stopAll(),
    async (error) => {
      await stopAll();
      console.error(error);
      process.exitCode = 1;
    },
  );
}

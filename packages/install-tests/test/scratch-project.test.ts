// The packages as users get them: every public package is packed, and the tarballs are installed
// with plain npm (no workspace, no pnpm, no patch) into a scratch project, where the READMEs'
// examples run: the client against `npx brokerage-server`, createServer in process, the
// validators' API and CLI, brokerage-drift, the docs page, the test sandbox, and the MSW handlers.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const publicPackages = ['types', 'client', 'server', 'validators', 'testing', 'msw'];
/** Packing and installing from the registry: minutes on a slow network (a bound, not a timing). */
const slow = 300_000;

let scratch: string;
let server: ChildProcess | undefined;

function run(file: string, args: string[], input?: string): string {
  return execFileSync(file, args, {
    cwd: scratch,
    encoding: 'utf8',
    ...(input === undefined ? {} : { input }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Writes an ES module into the scratch project and runs it with node: its stdout. */
function runModule(name: string, source: string): string {
  writeFileSync(join(scratch, name), source);
  return run(process.execPath, [name]);
}

/** `npx brokerage-server --port 0`, resolved with its URL once it listens. */
function startInstalledServer(): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('npx', ['brokerage-server', '--port', '0', '--log-level', 'silent'], {
      cwd: scratch,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: npx and the server it starts stop together.
      detached: true,
    });
    server = child;
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
      if (url) resolvePromise(url);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`brokerage-server exited ${code}: ${output}`)));
  });
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'brokerage-scratch-'));
  const tarballs = join(scratch, 'tarballs');
  // The command the README gives users, every public package packed into one folder; turbo built
  // them before this task, and a second build would rewrite dist/ under the browser suite.
  execFileSync('npm', ['run', '-s', 'pack', '--', '--out', tarballs, '--skip-build'], {
    cwd: repoRoot,
    stdio: 'pipe',
  });
  writeFileSync(
    join(scratch, 'package.json'),
    JSON.stringify({ name: 'scratch', private: true, type: 'module' }),
  );
  const files = readdirSync(tarballs).map((file) => join(tarballs, file));
  // msw is @brokerage/msw's peer dependency, installed beside it as its README says.
  run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', ...files, 'msw@^2.15.0']);
}, slow);

afterAll(() => {
  if (server?.pid !== undefined && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
  rmSync(scratch, { recursive: true, force: true });
});

describe('the packed packages installed with npm', () => {
  it('installs every public package, with no workspace link and no patch', () => {
    const installed = readdirSync(join(scratch, 'node_modules', '@brokerage')).sort();
    expect(installed).toEqual([...publicPackages].sort());
    expect(readdirSync(join(scratch, 'node_modules'))).not.toContain('.pnpm');
  });

  it(
    'runs the client against npx brokerage-server, which serves the docs page',
    async () => {
      const url = await startInstalledServer();
      const output = runModule(
        'client.mjs',
        `import { createBrokerageClient } from '@brokerage/client';
const client = createBrokerageClient({ baseUrl: '${url}' });
const { data } = await client.GET('/v1/api/iserver/accounts');
const [entry] = await client.placeOrder(data.selectedAccount, {
  conid: 265598, orderType: 'LMT', side: 'BUY', price: 185, quantity: 1, tif: 'DAY',
});
console.log(JSON.stringify({ account: data.selectedAccount, placed: entry.order_status }));
`,
      );
      expect(JSON.parse(output)).toEqual({ account: 'U1234567', placed: expect.any(String) });
      const docs = await fetch(`${url}/docs`);
      expect(docs.status).toBe(200);
      const page = await docs.text();
      expect(page).toContain('<title>Brokerage Web API</title>');
      expect(page).not.toMatch(/<script[^>]+src="https?:/);
    },
    slow,
  );

  it('runs createServer in process, with the validator route memo active', () => {
    const output = runModule(
      'in-process.mjs',
      `import { createRequire } from 'node:module';
import { createServer } from '@brokerage/server';
const server = createServer({ mode: 'gateway', seed: 42, pacing: false });
const listener = server.app.listen(0, '127.0.0.1');
await new Promise((resolve) => listener.once('listening', resolve));
const base = 'http://127.0.0.1:' + listener.address().port;
server.controls.setPrice(265598, 201.5);
await fetch(base + '/v1/api/portfolio/accounts');
const ledger = await (await fetch(base + '/v1/api/portfolio/U1234567/ledger')).json();
const require = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
const memoised = require('path-to-regexp').pathToRegexp.memoised === true;
console.log(JSON.stringify({ base: Object.keys(ledger).includes('BASE'), memoised }));
listener.close();
`,
    );
    expect(JSON.parse(output)).toEqual({ base: true, memoised: true });
  });

  it("warms the validator cache in threads, from the installed package's build", () => {
    const output = runModule(
      'warm.mjs',
      `import { readdirSync } from 'node:fs';
process.env.BROKERAGE_VALIDATOR_CACHE = new URL('./validator-cache', import.meta.url).pathname;
const { warmValidatorCache } = await import('@brokerage/server');
const warmed = await warmValidatorCache({ operationIds: ['getLedger', 'getTrades'], threads: 2 });
const files = readdirSync(process.env.BROKERAGE_VALIDATOR_CACHE, { recursive: true });
console.log(JSON.stringify({ warmed, entries: files.filter((name) => name.endsWith('.js')).length }));
`,
    );
    const { warmed, entries } = JSON.parse(output) as { warmed: number; entries: number };
    expect(warmed).toBe(2);
    expect(entries).toBeGreaterThan(2);
  });

  it('runs the validators API and CLI', () => {
    const output = runModule(
      'validators.mjs',
      `import { validate, isLedger } from '@brokerage/validators';
import { validateClientFrame } from '@brokerage/validators/stream';
const result = validate('ErrorObject', { error: 'x' });
const frame = validateClientFrame('tic');
console.log(JSON.stringify({ valid: result.valid, pointer: result.errors[0]?.pointer, guard: isLedger({}), frame: frame.valid && frame.name }));
`,
    );
    expect(JSON.parse(output)).toEqual({
      valid: false,
      pointer: '/statusCode',
      guard: false,
      frame: 'tic',
    });
    const cli = spawnSync('npx', ['brokerage-validate', '--schema', 'ErrorObject', '--ndjson'], {
      cwd: scratch,
      encoding: 'utf8',
      input: '{"error":"a","statusCode":400}\n{"error":"b"}\n',
    });
    expect(cli.status).toBe(1);
    expect(cli.stdout).toMatch(/^1 valid, 1 invalid \(NDJSON/);
    expect(cli.stderr).toContain("stdin:2: /statusCode: must have required property 'statusCode'");
  });

  it('runs brokerage-drift against the bundled document', () => {
    // The installed bundle with its first operation gone: one breaking change, exit 2.
    const bundle = runModule(
      'drifted.mjs',
      `import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const file = createRequire(import.meta.url).resolve('@brokerage/types/openapi.json');
const document = JSON.parse(readFileSync(file, 'utf8'));
const [path] = Object.keys(document.paths);
delete document.paths[path];
writeFileSync('drifted.json', JSON.stringify(document));
console.log(path);
`,
    ).trim();
    const cli = spawnSync('npx', ['brokerage-drift', 'drifted.json', '--format', 'json'], {
      cwd: scratch,
      encoding: 'utf8',
    });
    expect(cli.status).toBe(2);
    const report = JSON.parse(cli.stdout) as { changes: { kind: string; operation: string }[] };
    expect(report.changes.length).toBeGreaterThan(0);
    expect(
      report.changes.every(
        (c) => c.kind === 'operation-removed' && c.operation.endsWith(` ${bundle}`),
      ),
    ).toBe(true);
  });

  it('runs the test sandbox', () => {
    const output = runModule(
      'sandbox.mjs',
      `import { startSandbox } from '@brokerage/testing';
const sandbox = await startSandbox();
const { response } = await sandbox.client.GET('/v1/api/portfolio/accounts');
sandbox.clock.advance(60_000);
await sandbox.close();
console.log(JSON.stringify({ status: response.status }));
`,
    );
    expect(JSON.parse(output)).toEqual({ status: 200 });
  });

  it('runs the MSW handlers with msw/node, without a port', () => {
    const output = runModule(
      'msw.mjs',
      `import { createBrokerageClient } from '@brokerage/client';
import { createBrokerageHandlers } from '@brokerage/msw';
import { setupServer } from 'msw/node';
const baseUrl = 'https://localhost:5000';
const brokerage = createBrokerageHandlers({ baseUrl });
const server = setupServer(...brokerage.handlers);
server.listen({ onUnhandledRequest: 'error' });
const client = createBrokerageClient({ baseUrl, retry: false, pacing: false });
const [entry] = await client.placeOrder('U1234567', {
  conid: 265598, orderType: 'LMT', side: 'BUY', price: 185, quantity: 1, tif: 'DAY',
});
brokerage.controls.setPrice(265598, 184);
const { data } = await client.GET('/v1/api/iserver/account/order/status/{orderId}', {
  params: { path: { orderId: String(entry.order_id) } },
});
server.close();
console.log(JSON.stringify({ status: data.order_status }));
`,
    );
    expect(JSON.parse(output)).toEqual({ status: 'Filled' });
  });
});

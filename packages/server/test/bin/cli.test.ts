import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { rsaPrivateKeyPem } from '../signing-keys.js';
import { CommanderError } from 'commander';
import { decodeProtectedHeader } from 'jose';
import { tokenSigningKeyOf } from '../../src/compose/token-signing-key.js';
import { ManualClock } from '../../src/domain/kernel/clock.js';
import { assertion, tokenPath } from '../oauth2-helper.js';
import { main } from '../../src/bin/main.js';
import { buildProgram } from '../../src/bin/program.js';
import type { RunningServer } from '../../src/bin/serve.js';
import { usageExitCode } from '../../src/bin/usage.js';
import { startCommand, stopCommand } from '../command.js';

/** Starts the command line and expects the simulation (not the proxy). */
async function simulation(...args: Parameters<typeof main>): Promise<RunningServer> {
  const running = await main(...args);
  if (running.kind !== 'simulation') throw new Error('expected the simulation');
  return running;
}

const builtCli = fileURLToPath(new URL('../../dist/bin/cli.js', import.meta.url));
const exampleCsv = fileURLToPath(
  new URL('../../../../docs/examples/market-replay-day.csv', import.meta.url),
);

/** Collects what is written to a stream. */
function sink() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

const argv = (...options: string[]) => ['node', 'brokerage-server', ...options];

/** Starting a server (or a process) loads and compiles both documents: seconds on a busy machine. */
const slow = 30_000;

/** Keeps the listening line out of the test output. */
const quiet = { stdout: new PassThrough().resume() };

/** What the command wrote to stderr when it refused to start with `options` (exit code 2). */
async function refusal(...options: string[]): Promise<string> {
  const stderr = sink();
  const refused = main(argv('--port', '0', ...options), { ...quiet, stderr: stderr.stream });
  await expect(refused).rejects.toMatchObject({ exitCode: usageExitCode });
  return stderr.text();
}

describe('brokerage-server command line', () => {
  describe('flags', () => {
    it('has the documented defaults', () => {
      expect(buildProgram().parse(argv()).opts()).toEqual({
        port: 5000,
        host: '127.0.0.1',
        tls: false,
        mode: 'gateway',
        pacing: true,
        sessionTimeout: 300,
        seed: 1,
        logLevel: 'info',
        user: 'demo_individual',
        registerConsumer: [],
        registerClient: [],
        control: true,
        tokenSigningKeyPrevious: [],
        trustProxy: false,
        proxyReport: '-',
        onStoreLost: 'reseed',
        redact: true,
        insecure: false,
        proxyCheckBytes: 4 * 1024 * 1024,
        shutdownGrace: 10_000,
        store: 'memory',
        workers: 1,
        marketReplay: [],
      });
    });

    it('parses every flag', () => {
      const options = buildProgram()
        .parse(
          argv(
            '--port',
            '0',
            '--host',
            '0.0.0.0',
            '--tls',
            '--mode',
            'hosted',
            '--no-pacing',
            '--session-timeout',
            '60',
            '--seed',
            '9',
            '--log-level',
            'debug',
            '--user',
            'demo_advisor',
            '--register-consumer',
            'a.json',
            '--register-consumer',
            'b.json',
            '--register-client',
            'c.json',
            '--test-consumer',
            '--control-token',
            'admin',
            '--no-control',
            '--trust-proxy',
            'loopback, 10.0.0.0/8',
            '--proxy',
            'https://localhost:5000',
            '--proxy-report',
            'drift.ndjson',
            '--insecure',
            '--proxy-check-bytes',
            '65536',
            '--shutdown-grace',
            '500',
            '--store',
            'redis://127.0.0.1:6379/2?prefix=team',
            '--workers',
            '3',
            '--market-replay',
            `265598=${exampleCsv}@2026-01-08`,
          ),
        )
        .opts();
      expect(options).toEqual({
        port: 0,
        host: '0.0.0.0',
        tls: true,
        mode: 'hosted',
        pacing: false,
        sessionTimeout: 60,
        seed: 9,
        logLevel: 'debug',
        user: 'demo_advisor',
        registerConsumer: ['a.json', 'b.json'],
        registerClient: ['c.json'],
        testConsumer: true,
        controlToken: 'admin',
        control: false,
        tokenSigningKeyPrevious: [],
        trustProxy: ['loopback', '10.0.0.0/8'],
        proxy: 'https://localhost:5000',
        proxyReport: 'drift.ndjson',
        onStoreLost: 'reseed',
        redact: true,
        insecure: true,
        proxyCheckBytes: 65536,
        shutdownGrace: 500,
        store: 'redis://127.0.0.1:6379/2?prefix=team',
        workers: 3,
        marketReplay: [{ conid: 265598, file: exampleCsv, day: '2026-01-08' }],
      });
    });

    it.each([
      [['--store', 'mysql://x'], "option '--store <url>' argument 'mysql://x' is invalid"],
      [['--port', 'abc'], "option '--port <number>' argument 'abc' is invalid"],
      [['--port', '70000'], 'expected an integer from 0 to 65535'],
      [['--mode', 'paper'], 'Allowed choices are gateway, hosted'],
      [
        ['--session-timeout', '-5'],
        "option '--session-timeout <seconds>' argument '-5' is invalid",
      ],
      [
        ['--log-level', 'loud'],
        'Allowed choices are fatal, error, warn, info, debug, trace, silent',
      ],
      [['--user', 'nobody'], 'Allowed choices are demo_individual, demo_advisor, demo_broker'],
      [['--frobnicate'], "unknown option '--frobnicate'"],
      [['--proxy', 'ftp://gateway'], 'expected an http(s) base URL'],
      [['--workers', '0'], 'expected an integer from 1 to 64'],
      [['--market-replay', 'AAPL.csv'], 'expected <conid>=<file>, optionally @YYYY-MM-DD after it'],
      [['--workers', '2'], '--workers 2 needs a store the processes share'],
      [
        ['--workers', '2', '--store', 'redis://127.0.0.1:1/0', '--proxy', 'http://gateway'],
        '--workers applies to the simulation, not to --proxy',
      ],
    ])('refuses %j with a clear error and exit code 2', async (options, message) => {
      const stderr = sink();
      const failure = main(argv(...options), { stderr: stderr.stream, stdout: sink().stream });
      await expect(failure).rejects.toBeInstanceOf(CommanderError);
      await expect(failure).rejects.toMatchObject({ exitCode: usageExitCode });
      expect(stderr.text()).toMatch(/^error: /);
      expect(stderr.text()).toContain(message);
    });

    it('shows the help with exit code 0', async () => {
      const stdout = sink();
      await expect(main(argv('--help'), { stdout: stdout.stream })).rejects.toMatchObject({
        exitCode: 0,
      });
      expect(stdout.text()).toContain('--session-timeout <seconds>');
    });
  });

  describe('server', () => {
    let running: RunningServer | undefined;
    afterEach(async () => {
      await running?.close();
      running = undefined;
    });

    it(
      'registers OAuth 1.0a consumers from --register-consumer files, and refuses a bad one',
      async () => {
        const directory = mkdtempSync(join(tmpdir(), 'consumers-'));
        const [testConsumer] = (
          JSON.parse(
            readFileSync(new URL('../../src/fixtures/consumers.json', import.meta.url), 'utf8'),
          ) as {
            consumers: Record<string, unknown>[];
          }
        ).consumers;
        const good = join(directory, 'partner.json');
        writeFileSync(good, JSON.stringify({ ...testConsumer, consumerKey: 'PARTNER1' }));
        const stdout = sink();
        running = await simulation(argv('--port', '0', '--register-consumer', good), {
          stdout: stdout.stream,
        });
        expect(running.server.services.oauth1.consumers.get('PARTNER1')).toBeDefined();
        expect(stdout.text()).toContain('"consumerKey":"PARTNER1"');
        await running.close();
        running = undefined;

        const bad = join(directory, 'bad.json');
        writeFileSync(
          bad,
          JSON.stringify({ ...testConsumer, consumerKey: 'PARTNER2', dhPrime: 'zz' }),
        );
        expect(await refusal('--register-consumer', bad)).toContain(`--register-consumer ${bad}`);
      },
      slow,
    );

    it(
      'signs tokens with --token-signing-key (a file, or BROKERAGE_TOKEN_SIGNING_KEY), never logs it, and refuses a bad one',
      async () => {
        const privateKey = rsaPrivateKeyPem();
        const secretLine = privateKey.split('\n')[1] as string;
        const file = join(mkdtempSync(join(tmpdir(), 'signing-key-')), 'key.pem');
        writeFileSync(file, privateKey);
        const stdout = sink();
        running = await simulation(
          argv('--port', '0', '--log-level', 'trace', '--token-signing-key', file),
          { stdout: stdout.stream },
        );
        // A token it issues names the key's thumbprint as its key id.
        const baseUrl = running.url;
        const issued = await fetch(`${baseUrl}${tokenPath}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
            client_assertion: await assertion({ clock: new ManualClock(Date.now()), baseUrl }),
            scope: 'sso-sessions.write',
          }),
        });
        expect(issued.status).toBe(200);
        const { access_token: token } = (await issued.json()) as { access_token: string };
        expect(decodeProtectedHeader(token).kid).toBe(tokenSigningKeyOf(privateKey).kid);
        expect(stdout.text()).not.toContain(secretLine);
        await running.close();
        running = undefined;

        // The environment variable may hold the PEM text itself.
        process.env.BROKERAGE_TOKEN_SIGNING_KEY = privateKey;
        try {
          expect(buildProgram().parse(argv()).opts().tokenSigningKey).toBe(privateKey);
        } finally {
          delete process.env.BROKERAGE_TOKEN_SIGNING_KEY;
        }

        const short = rsaPrivateKeyPem(1024);
        writeFileSync(file, short);
        const refused = await refusal('--token-signing-key', file);
        expect(refused).toContain(
          'the token-signing key has 1024 bits: an RSA key of 2048 to 8192 bits is needed',
        );
        expect(refused).not.toContain(short.split('\n')[1] as string);
      },
      slow,
    );

    it('takes --token-signing-key-previous (repeatable, or BROKERAGE_TOKEN_SIGNING_KEY_PREVIOUS) only beside --token-signing-key', async () => {
      const [key, first, second] = [rsaPrivateKeyPem(), rsaPrivateKeyPem(), rsaPrivateKeyPem()];
      const parsed = buildProgram()
        .parse(
          argv(
            '--token-signing-key',
            key,
            '--token-signing-key-previous',
            first,
            '--token-signing-key-previous',
            second,
          ),
        )
        .opts();
      expect(parsed.tokenSigningKeyPrevious).toEqual([first, second]);
      process.env.BROKERAGE_TOKEN_SIGNING_KEY_PREVIOUS = first;
      try {
        expect(buildProgram().parse(argv()).opts().tokenSigningKeyPrevious).toEqual([first]);
      } finally {
        delete process.env.BROKERAGE_TOKEN_SIGNING_KEY_PREVIOUS;
      }
      expect(await refusal('--token-signing-key-previous', first)).toContain(
        'error: --token-signing-key-previous needs --token-signing-key (the key that signs now)',
      );
    });

    it(
      'replays --market-replay files on their contracts, and refuses bad data naming the row',
      async () => {
        // The system clock runs the server: the example day is moved to a day still to come.
        running = await simulation(
          argv('--port', '0', '--market-replay', `265598=${exampleCsv}@2099-01-06`),
          quiet,
        );
        expect(running.server.controls.marketReplays()).toEqual([
          expect.objectContaining({ conid: 265598, bars: 390, replayed: 0 }),
        ]);
        await running.close();
        running = undefined;

        const bad = join(mkdtempSync(join(tmpdir(), 'bars-')), 'bad.csv');
        writeFileSync(bad, 'time,open,high,low,close\n2099-01-06 09:30,1,2,3,1\n');
        expect(await refusal('--market-replay', `265598=${bad}`)).toContain(
          `error: Market replay of 265598: ${bad}: row 2: high 2 is below low 3`,
        );
      },
      slow,
    );

    it(
      'listens, prints where, answers /health and logs JSON to stdout',
      async () => {
        const stdout = sink();
        running = await simulation(argv('--port', '0'), { stdout: stdout.stream });
        expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        const { url } = running;
        expect(stdout.text()).toContain(
          `listening on ${url}  API: ${url}/v1/api  docs: ${url}/docs`,
        );
        const health = await fetch(`${url}/health`);
        expect(health.status).toBe(200);
        expect(await health.json()).toMatchObject({ status: 'ok', mode: 'gateway' });
        const logs = stdout
          .text()
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { level: number; msg: string; url?: string });
        expect(logs).toContainEqual(expect.objectContaining({ level: 30, msg: 'listening', url }));
        expect(logs).toContainEqual(expect.objectContaining({ msg: 'request completed' }));
      },
      slow,
    );

    it(
      'logs nothing below the chosen level',
      async () => {
        const stdout = sink();
        running = await simulation(argv('--port', '0', '--log-level', 'warn'), {
          stdout: stdout.stream,
        });
        await fetch(`${running.url}/health`);
        expect(
          stdout
            .text()
            .split('\n')
            .filter((line) => line.startsWith('{')),
        ).toEqual([]);
      },
      slow,
    );

    it(
      'applies mode, user, pacing, session timeout and seed',
      async () => {
        running = await simulation(
          argv(
            '--port',
            '0',
            '--user',
            'demo_advisor',
            '--no-pacing',
            '--session-timeout',
            '60',
            '--seed',
            '5',
            '--log-level',
            'silent',
          ),
          quiet,
        );
        expect(running.server.options).toMatchObject({
          mode: 'gateway',
          seed: 5,
          sessionTimeoutMs: 60_000,
        });
        expect(running.server.pacer).toBeUndefined();
        const ping = await fetch(`${running.url}/v1/api/tickle`, { method: 'POST' });
        expect(((await ping.json()) as { userId: number }).userId).toBe(10002002);
        await running.close();

        running = await simulation(
          argv('--port', '0', '--mode', 'hosted', '--log-level', 'silent'),
          quiet,
        );
        expect(running.server.pacer).toBeDefined();
        expect((await fetch(`${running.url}/v1/api/tickle`, { method: 'POST' })).status).toBe(401);
      },
      slow,
    );

    it(
      'serves HTTPS with a self-signed certificate with --tls',
      async () => {
        running = await simulation(argv('--port', '0', '--tls', '--log-level', 'silent'), quiet);
        const { url } = running;
        expect(running.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
        const answer = await new Promise<{
          status: number;
          body: string;
          subject: string;
          issuer: string;
        }>((resolve, reject) => {
          httpsGet(`${url}/health`, { rejectUnauthorized: false }, (res) => {
            const certificate = (res.socket as TLSSocket).getPeerCertificate();
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                body,
                subject: String(certificate.subject.CN),
                issuer: String(certificate.issuer.CN),
              }),
            );
          }).on('error', reject);
        });
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok' });
        expect(answer).toMatchObject({ subject: 'localhost', issuer: 'localhost' });
        // A client that verifies certificates refuses it: it is self-signed.
        await expect(fetch(`${running.url}/health`)).rejects.toThrow();
      },
      slow,
    );

    it(
      'shuts down gracefully: refuses new connections, finishes the request in flight',
      async () => {
        running = await simulation(argv('--port', '0', '--log-level', 'silent'), quiet);
        const { url, listener } = running;
        // A request whose body is still coming: in flight until the test ends it.
        const inFlight = httpRequest(`${url}/control/reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        });
        const arrived = once(listener, 'request');
        const answered = once(inFlight, 'response');
        inFlight.write('{"seed"');
        await arrived;

        let closed = false;
        const closing = running.close().then(() => (closed = true));
        running = undefined;
        await expect(fetch(`${url}/health`)).rejects.toThrow();
        expect(closed).toBe(false);

        inFlight.end(': 3}');
        const [response] = (await answered) as [IncomingMessage];
        let body = '';
        for await (const chunk of response) body += String(chunk);
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(body)).toMatchObject({ seed: 3 });
        await closing;
        expect(closed).toBe(true);
      },
      slow,
    );
  });

  describe('built command (dist/bin/cli.js)', () => {
    beforeAll(() => {
      if (!existsSync(builtCli)) {
        throw new Error(
          `${builtCli} is missing: run \`pnpm --filter @brokerage/server build\` first.`,
        );
      }
    });

    it(
      'logs each request: the bundled command and pino-http share one pino',
      async () => {
        const command = await startCommand([]);
        try {
          const answer = await fetch(`${command.url}/health`, {
            headers: { 'x-request-id': 'built-1' },
          });
          expect(answer.status).toBe(200);
          const line = await command.logged((logged) => logged.msg === 'request completed');
          expect(line).toMatchObject({ req: { id: 'built-1', url: '/health' } });
        } finally {
          await stopCommand(command);
        }
      },
      slow,
    );

    it(
      'starts with a shebang, and exits 2 on an invalid flag',
      async () => {
        expect(readFileSync(builtCli, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
        const child = spawn(process.execPath, [builtCli, '--port', 'nope'], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const [code] = (await once(child, 'exit')) as [number];
        expect(code).toBe(2);
        expect(stderr).toContain("error: option '--port <number>' argument 'nope' is invalid");
      },
      slow,
    );

    it.each(['SIGTERM', 'SIGINT'] as const)(
      'exits 0 after %s',
      async (signal) => {
        const child = spawn(process.execPath, [builtCli, '--port', '0', '--log-level', 'silent'], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let stdout = '';
        const url = await new Promise<string>((resolve, reject) => {
          child.stdout.on('data', (chunk: Buffer) => {
            stdout += chunk.toString();
            const match = /listening on (\S+)/.exec(stdout);
            if (match?.[1]) resolve(match[1]);
          });
          child.once('exit', () => reject(new Error(`exited early: ${stdout}`)));
        });
        expect((await fetch(`${url}/health`)).status).toBe(200);
        const exited = once(child, 'exit');
        child.kill(signal);
        const [code] = (await exited) as [number];
        expect(code).toBe(0);
      },
      slow,
    );
  });
});

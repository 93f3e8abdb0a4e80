#!/usr/bin/env node
import cluster from 'node:cluster';
import { createWriteStream, readFileSync, realpathSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { pino, type DestinationStream, type Logger } from 'pino';
import { generate } from 'selfsigned';
import {
  createServer,
  readMarketDataFile,
  type BrokerageServer,
  type ConfiguredReplay,
  type Mode,
  type TrustProxy,
} from './app.js';
import { registerConsumer } from './services.js';
import { DomainError } from './domain/kernel/errors.js';
import type { ConsumerRegistration } from './domain/auth/oauth1/consumers.js';
import { controlServed } from './http/control-access.js';
import { isRedisUrl } from './store/open-store.js';
import { defaultFixtures } from './fixtures/index.js';
import { defaultCheckLimits } from './proxy/exchange-check.js';
import { summaryLine, summaryTable, uncheckedLine, violationLine } from './proxy/report.js';
import { createValidatingProxy, type ValidatingProxy } from './proxy/validating-proxy.js';
import { compareRecording, type Comparison } from './recording/compare.js';
import { comparisonTable } from './recording/compare-report.js';
import { freshSandbox } from './recording/compare-target.js';
import type { RecordedEntry } from './recording/har-entry.js';
import { readRecording, RecordingError } from './recording/read-recording.js';
import { createRecorder, type Recorder } from './recording/recorder.js';
import { createReplayHandler } from './recording/replay.js';
import { tapExchanges } from './recording/sandbox-tap.js';
import { reportListening, startWorkers, workerId, type RunningWorkers } from './workers.js';

/** Exit code of a command line that cannot be used (unknown option, bad value). */
export const usageExitCode = 2;

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface CliOptions {
  port: number;
  host: string;
  tls: boolean;
  mode: Mode;
  pacing: boolean;
  sessionTimeout: number;
  seed: number;
  /** `--market-replay <conid>=<file>[@YYYY-MM-DD]`, repeatable. */
  marketReplay: ConfiguredReplay[];
  logLevel: string;
  user: string;
  /** JSON files, each an OAuth 1.0a consumer to register (ConsumerRegistration). */
  registerConsumer: string[];
  /** False with `--no-control`. */
  control: boolean;
  controlToken: string | undefined;
  trustProxy: TrustProxy;
  /** Base URL of an upstream to forward to, validating the traffic (`--proxy`). */
  proxy: string | undefined;
  /** Where the proxy's NDJSON report goes (`-`: stdout). */
  proxyReport: string;
  /** Accept the upstream's self-signed certificate. */
  insecure: boolean;
  /** Bytes of each body the proxy keeps to check it; a larger body is not checked. */
  proxyCheckBytes: number;
  /** How long a shutdown waits for in-flight requests before closing their connections (ms). */
  shutdownGrace: number;
  /** `memory`, or the Redis the state lives on (`redis://host:port/db`). */
  store: string;
  /** Server processes on the port (`--workers`; more than one needs a shared store). */
  workers: number;
  /** What a process does when its Redis store's state is lost (`--on-store-lost`). */
  onStoreLost: 'reseed' | 'exit';
  /** A HAR file every exchange is written to (`--record`), with or without `--proxy`. */
  record: string | undefined;
  /** False with `--no-redact`: secrets are recorded as they were. */
  redact: boolean;
}

/** `compare <recording>`'s options. */
export interface CompareOptions {
  /** A base URL to compare with, instead of a fresh sandbox. */
  against: string | undefined;
  /** Credentials for a hosted target (`--cookie`, `--bearer`). */
  cookie: string | undefined;
  bearer: string | undefined;
  json: boolean;
  seed: number;
}

/** `replay <recording>`'s options. */
export interface ReplayOptions {
  port: number;
  host: string;
}

/** What the command line asked for: the server (or proxy), or a subcommand. */
type Chosen =
  | { command: 'serve' }
  | { command: 'compare'; file: string; options: CompareOptions }
  | { command: 'replay'; file: string; options: ReplayOptions };

export interface CliIo {
  /** Where the listening line and the JSON logs go (process.stdout by default). */
  stdout?: NodeJS.WritableStream;
  /** Where commander writes usage errors (process.stderr by default). */
  stderr?: NodeJS.WritableStream;
}

interface Running {
  listener: HttpServer;
  /** `http(s)://host:port`. */
  url: string;
  options: CliOptions;
  logger: Logger;
  /** Stops accepting connections and resolves once in-flight requests have finished. */
  close(): Promise<void>;
}

/** The simulation (the default). */
export interface RunningServer extends Running {
  kind: 'simulation';
  server: BrokerageServer;
}

/** `replay <recording>`: the recording served back as a stub. */
export interface RunningReplay extends Omit<Running, 'options'> {
  kind: 'replay';
}

/** `compare <recording>`: done once it resolves; the command exits with `exitCode`. */
export interface CompareRun {
  kind: 'compare';
  comparison: Comparison;
  exitCode: number;
}

/** The validating proxy (`--proxy`): `close()` also writes the summary of the report. */
export interface RunningProxy extends Running {
  kind: 'proxy';
  proxy: ValidatingProxy;
}

function integer(min: number, max: number) {
  return (value: string): number => {
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < min || number > max) {
      throw new InvalidArgumentError(`expected an integer from ${min} to ${max}.`);
    }
    return number;
  };
}

function storeSpec(value: string): string {
  if (value === 'memory' || isRedisUrl(value)) return value;
  throw new InvalidArgumentError('expected memory or redis://host:port/db.');
}

function upstreamUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    // answered below
  }
  throw new InvalidArgumentError('expected an http(s) base URL.');
}

/** Takes no action: the choice is read where it matters. */
const ignore = (): void => undefined;

/** The command line, parsed by commander (usage errors throw, exit code 2): the server's options,
 * and the `compare` and `replay` subcommands; `choose` hears which one was asked for. */
export function buildProgram(io: CliIo = {}, choose: (chosen: Chosen) => void = ignore): Command {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  const users = defaultFixtures.users.map((user) => user.username);
  const program = new Command('brokerage-server')
    .description(
      'Reference server of the brokerage Web API: a stateful simulation, validated against the document.',
    )
    .addOption(
      new Option('--port <number>', 'port to listen on (0: any free port)')
        .default(5000)
        .argParser(integer(0, 65535)),
    )
    .addOption(new Option('--host <host>', 'address to listen on').default('127.0.0.1'))
    .addOption(
      new Option(
        '--tls',
        'serve HTTPS with a self-signed certificate, as the local gateway does',
      ).default(false),
    )
    .addOption(
      new Option(
        '--mode <mode>',
        'gateway: a logged-in user, no credentials needed; hosted: every request carries credentials',
      )
        .choices(['gateway', 'hosted'])
        .default('gateway'),
    )
    .addOption(
      new Option(
        '--store <url>',
        'where the state lives: memory, or redis://host:port/db[?prefix=name] (shared by every process on it, kept across restarts)',
      )
        .env('BROKERAGE_STORE')
        .default('memory')
        .argParser(storeSpec),
    )
    .addOption(
      new Option(
        '--on-store-lost <action>',
        'when Redis comes back without the state (restarted empty, flushed): reseed the fixtures (once across processes), or exit (code 1) so that --workers or a supervisor starts a fresh process',
      )
        .choices(['reseed', 'exit'])
        .env('BROKERAGE_ON_STORE_LOST')
        .default('reseed'),
    )
    .addOption(
      new Option(
        '--workers <number>',
        'server processes sharing the port (node:cluster; a worker that dies is replaced); more than 1 needs --store redis://...',
      )
        .env('BROKERAGE_WORKERS')
        .default(1)
        .argParser(integer(1, 64)),
    )
    .addOption(new Option('--no-pacing', 'do not limit request rates'))
    .addOption(
      new Option('--session-timeout <seconds>', 'idle time after which a session ends')
        .default(300)
        .argParser(integer(1, 86_400)),
    )
    .addOption(
      new Option('--seed <number>', 'seed of the simulation (ids, fills)')
        .default(1)
        .argParser(integer(0, 2 ** 32 - 1)),
    )
    .addOption(
      new Option(
        '--market-replay <conid=file>',
        'replay bars on a contract: a CSV, a saved history answer (.json) or the history answers of a recording (.har); add @YYYY-MM-DD to move them to that day (repeatable)',
      )
        .default([])
        .argParser((value: string, previous: ConfiguredReplay[]) => [
          ...previous,
          marketReplayOption(value),
        ]),
    )
    .addOption(
      new Option('--log-level <level>', 'level of the JSON logs on stdout')
        .choices(logLevels)
        .default('info'),
    )
    .addOption(
      new Option('--user <username>', "the gateway's logged-in user (gateway mode)")
        .choices(users)
        .default('demo_individual'),
    )
    .addOption(
      new Option(
        '--register-consumer <file>',
        'register an OAuth 1.0a consumer from a JSON file {consumerKey, signaturePublicKey, encryptionPublicKey, dhPrime, realm?} (repeatable)',
      )
        .argParser((file: string, previous: string[]) => [...previous, file])
        .default([]),
    )
    .addOption(
      new Option(
        '--control-token <token>',
        'admin token of the control API (/control), required on every control request as "Authorization: Bearer <token>"; in hosted mode the control API is served only with one',
      ).env('BROKERAGE_CONTROL_TOKEN'),
    )
    .addOption(new Option('--no-control', 'do not serve the control API (/control) at all'))
    .addOption(
      new Option(
        '--trust-proxy <list>',
        'proxies trusted to name the client address in X-Forwarded-For (Express "trust proxy"): comma-separated addresses or subnets, loopback/linklocal/uniquelocal, a number of hops, or true; the throttles count per client address',
      )
        .argParser(parseTrustProxy)
        .default(false),
    )
    .addOption(
      new Option(
        '--proxy <url>',
        'instead of the simulation, forward every request to this upstream (e.g. the gateway at https://localhost:5000) and report each exchange that breaks the document',
      ).argParser(upstreamUrl),
    )
    .addOption(
      new Option('--proxy-report <file>', "the proxy's NDJSON report (-: stdout)").default('-'),
    )
    .addOption(
      new Option('--insecure', "accept the proxy upstream's self-signed certificate").default(
        false,
      ),
    )
    .addOption(
      new Option(
        '--proxy-check-bytes <bytes>',
        'bytes of each body the proxy keeps to check it; a larger body streams through and is reported as too large to check',
      )
        .argParser(integer(1, 2 ** 30))
        .default(defaultCheckLimits.maxBytes),
    )
    .addOption(
      new Option(
        '--shutdown-grace <ms>',
        'on SIGINT or SIGTERM, how long requests in flight may finish before their connections are closed',
      )
        .argParser(integer(0, 600_000))
        .default(10_000),
    )
    .addOption(
      new Option(
        '--record <file>',
        'write every exchange to this HAR 1.2 file as it happens (through --proxy, or of the simulation itself, with its WebSocket frames)',
      ),
    )
    .addOption(
      new Option(
        '--no-redact',
        'record cookies, authorization, OAuth parameters, tokens and account ids as they were (default: replaced by pseudonyms)',
      ),
    )
    .helpOption('-h, --help', 'show this help')
    .configureOutput({
      writeOut: (text) => stdout.write(text),
      writeErr: (text) => stderr.write(text),
    })
    .exitOverride((error) => {
      throw error.exitCode === 0
        ? error
        : new CommanderError(usageExitCode, error.code, error.message);
    })
    .enablePositionalOptions()
    .action(() => choose({ command: 'serve' }));
  program
    .command('compare')
    .description(
      'send the requests of a recording again, in order, to a fresh sandbox (or --against a base URL) and report where the answers differ: statuses, shapes, message texts; exits 1 when a shape or status differs',
    )
    .argument('<recording>', 'a HAR file (from --record)')
    .addOption(new Option('--against <url>', 'compare with this base URL').argParser(upstreamUrl))
    .addOption(
      new Option(
        '--cookie <cookie>',
        'a Cookie header sent on every request instead of the recorded one, e.g. "api=<session>" for a hosted target',
      ).env('BROKERAGE_COOKIE'),
    )
    .addOption(
      new Option(
        '--bearer <token>',
        'an OAuth 2 access token sent on every request as "Authorization: Bearer <token>"',
      ).env('BROKERAGE_BEARER_TOKEN'),
    )
    .addOption(new Option('--json', 'the report as JSON on stdout').default(false))
    .addOption(
      new Option('--seed <number>', "the fresh sandbox's seed")
        .default(1)
        .argParser(integer(0, 2 ** 32 - 1)),
    )
    .action((file: string, options: CompareOptions) =>
      choose({ command: 'compare', file, options }),
    );
  program
    .command('replay')
    .description(
      'serve a recording back as a stub: each request gets its recorded answer (in recorded order when repeated); one never recorded gets 501 naming the closest recorded exchange',
    )
    .argument('<recording>', 'a HAR file (from --record)')
    .addOption(
      new Option('--port <number>', 'port to listen on (0: any free port)')
        .default(5000)
        .argParser(integer(0, 65535)),
    )
    .addOption(new Option('--host <host>', 'address to listen on').default('127.0.0.1'))
    .action((file: string, options: ReplayOptions) => choose({ command: 'replay', file, options }));
  return program;
}

interface Pems {
  key: string;
  cert: string;
}

/** The workers of `--workers --tls` serve the primary's certificate (one port, one certificate). */
const pemsVariable = 'BROKERAGE_WORKER_TLS_PEMS';

async function selfSignedCertificate(host: string): Promise<Pems> {
  const shared = process.env[pemsVariable];
  if (shared !== undefined) return JSON.parse(shared) as Pems;
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
          ...(host === 'localhost' || /^[\d.]+$|:/.test(host)
            ? []
            : [{ type: 2 as const, value: host }]),
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

/** A close for `listener` that stops accepting connections at once, lets requests in flight
 * finish, and then ends their keep-alive connections instead of waiting for them to idle out. */
function gracefulClose(listener: HttpServer, graceMs: number): () => Promise<void> {
  let closing = false;
  const inFlight = new Set<ServerResponse>();
  listener.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (closing) response.setHeader('connection', 'close');
    inFlight.add(response);
    response.on('close', () => inFlight.delete(response));
  });
  return () =>
    new Promise((resolve, reject) => {
      closing = true;
      for (const response of inFlight) {
        if (!response.headersSent) response.setHeader('connection', 'close');
      }
      const force = setTimeout(() => listener.closeAllConnections(), graceMs);
      force.unref();
      listener.close((error) => {
        clearTimeout(force);
        if (error) reject(error);
        else resolve();
      });
      listener.closeIdleConnections();
    });
}

/** Listens with `handler` on the options' host and port (HTTPS with a self-signed certificate
 * under `--tls`); answers the listener, its URL and its graceful close. */
async function listen(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  options: CliOptions,
): Promise<Pick<Running, 'listener' | 'url' | 'close'>> {
  const listener: HttpServer = options.tls
    ? (createHttpsServer(
        await selfSignedCertificate(options.host),
        handler,
      ) as unknown as HttpServer)
    : createHttpServer(handler);
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(options.port, options.host, () => {
      listener.off('error', reject);
      resolve();
    });
  });
  const { port } = listener.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `${options.tls ? 'https' : 'http'}://${host}:${port}`;
  return { listener, url, close: gracefulClose(listener, options.shutdownGrace) };
}

/** Parses `argv` (as process.argv: node, script, options...), starts the simulation (or, with
 * `--proxy`, the validating proxy) and resolves once it listens. Usage errors reject with a
 * CommanderError whose exitCode is 2 (0 for --help). */
export async function main(
  argv: string[] = process.argv,
  io: CliIo = {},
): Promise<RunningServer | RunningProxy | RunningWorkers | RunningReplay | CompareRun> {
  let chosen = { command: 'serve' } as Chosen;
  const program = buildProgram(io, (choice) => (chosen = choice));
  program.parse(argv);
  const options = program.opts<CliOptions>();
  if (chosen.command !== 'serve') {
    const entries = recordingOf(program, chosen.file);
    return chosen.command === 'compare'
      ? runCompare(entries, chosen.options, io)
      : startReplay(entries, { ...options, ...chosen.options }, io);
  }
  if (options.workers > 1) {
    if (options.proxy !== undefined) {
      program.error('error: --workers applies to the simulation, not to --proxy', {
        exitCode: usageExitCode,
      });
    }
    if (!isRedisUrl(options.store)) {
      program.error(
        `error: --workers ${options.workers} needs a store the processes share: the memory store lives in one process; add --store redis://host:port/db`,
        { exitCode: usageExitCode },
      );
    }
    if (cluster.isPrimary) return startPrimary(options, io);
  }
  return options.proxy === undefined
    ? startSimulation(program, options, io)
    : startProxy(options.proxy, options, io);
}

/** The line a person reads once the server listens. */
function listeningLine(url: string, options: CliOptions): string {
  const who = options.mode === 'gateway' ? `gateway mode, user ${options.user}` : 'hosted mode';
  const workers = options.workers > 1 ? `, ${options.workers} workers` : '';
  return `Brokerage reference server listening on ${url}  API: ${url}/v1/api  docs: ${url}/docs  (${who}${workers})\n`;
}

/** `--workers N` (N > 1), in the primary process: forks the workers, which run the simulation. */
async function startPrimary(options: CliOptions, io: CliIo): Promise<RunningWorkers> {
  const stdout = io.stdout ?? process.stdout;
  const logger = pino({ level: options.logLevel }, stdout as DestinationStream);
  const env: Record<string, string> = {};
  if (options.tls) env[pemsVariable] = JSON.stringify(await selfSignedCertificate(options.host));
  return startWorkers({
    count: options.workers,
    env,
    logger,
    onListening: (url) => {
      logger.info({ url, workers: options.workers }, 'listening');
      stdout.write(listeningLine(url, options));
    },
    onEnd: (code) => process.exit(code),
  });
}

/** `--market-replay <conid>=<file>[@YYYY-MM-DD]`: the file read at once, so a bad one stops the
 * start with its error. */
function marketReplayOption(value: string): ConfiguredReplay {
  const match = /^(\d+)=(.+?)(?:@(\d{4}-\d{2}-\d{2}))?$/.exec(value);
  if (!match) {
    throw new InvalidArgumentError('expected <conid>=<file>, optionally @YYYY-MM-DD after it');
  }
  const [, conid, file = '', day] = match;
  try {
    const source = readMarketDataFile(file, Number(conid));
    return { conid: Number(conid), source: day === undefined ? source : { ...source, day } };
  } catch (error) {
    throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
  }
}

/** `--trust-proxy`: `true`, a number of hops, or a list of addresses, subnets and names. */
function parseTrustProxy(value: string): TrustProxy {
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((entry) => entry.trim());
}

async function startSimulation(
  program: Command,
  options: CliOptions,
  io: CliIo,
): Promise<RunningServer> {
  const stdout = io.stdout ?? process.stdout;
  const worker = workerId();
  const root = pino({ level: options.logLevel }, stdout as DestinationStream);
  const logger = worker === undefined ? root : root.child({ worker });

  const server = serverOrUsageError(program, () =>
    createServer({
      mode: options.mode,
      seed: options.seed,
      gatewayUser: options.user,
      sessionTimeoutMs: options.sessionTimeout * 1000,
      pacing: options.pacing,
      marketReplays: options.marketReplay,
      store: options.store,
      ...(options.onStoreLost === 'exit'
        ? {
            onStoreLost: () => {
              logger.fatal('store lost: exiting so that a fresh process replaces this one');
              process.exit(1);
            },
          }
        : {}),
      control: options.control,
      ...(options.controlToken === undefined ? {} : { controlToken: options.controlToken }),
      trustProxy: options.trustProxy,
      logger,
    }),
  );
  for (const file of options.registerConsumer) {
    try {
      const registration = JSON.parse(readFileSync(file, 'utf8')) as ConsumerRegistration;
      const consumer = registerConsumer(server.services, registration);
      logger.info({ consumerKey: consumer.consumerKey, file }, 'consumer registered');
    } catch (error) {
      // Prints the reason and throws a CommanderError with the usage exit code.
      program.error(
        `error: --register-consumer ${file}: ${error instanceof Error ? error.message : String(error)}`,
        { exitCode: usageExitCode },
      );
    }
  }
  await server.ready;
  const recorder = recorderOf(options);
  const listening = await listen(
    recorder ? tapExchanges(server.app, options.proxyCheckBytes, recorder.record) : server.app,
    options,
  );
  const { listener, url } = listening;
  server.streaming.attach(listener, recorder?.socket);
  const close = async () => {
    server.streaming.close();
    await listening.close();
    await server.close();
    recorder?.close();
  };
  const control = controlServed({
    mode: options.mode,
    enabled: options.control,
    token: options.controlToken,
  })
    ? options.controlToken === undefined
      ? 'open'
      : 'token'
    : 'off';
  logger.info(
    {
      url,
      mode: options.mode,
      tls: options.tls,
      pacing: options.pacing,
      control,
      store: options.store.replace(/\/\/[^@/]*@/, '//'),
    },
    'listening',
  );
  // A worker tells the primary, which prints the one line for all of them.
  if (worker === undefined) stdout.write(listeningLine(url, options));
  else reportListening(url);
  return { kind: 'simulation', server, listener, url, options, logger, close };
}

/** The validating proxy: the report on stdout (or `--proxy-report`), people's lines on stderr. */
async function startProxy(upstream: string, options: CliOptions, io: CliIo): Promise<RunningProxy> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  const logger = pino({ level: options.logLevel }, stderr as DestinationStream);
  const report = options.proxyReport === '-' ? stdout : createWriteStream(options.proxyReport);
  const recorder = recorderOf(options);
  const proxy = createValidatingProxy({
    upstream,
    insecure: options.insecure,
    ...(recorder ? { onExchange: recorder.record } : {}),
    limits: { maxBytes: options.proxyCheckBytes },
    onViolation: (violation) => report.write(violationLine(violation)),
    onUnchecked: (unchecked) => report.write(uncheckedLine(unchecked)),
    onError: (error) => logger.error({ err: error }, 'proxy failure'),
  });
  const listening = await listen(proxy.handle, options);
  logger.info({ url: listening.url, upstream }, 'proxy listening');
  stderr.write(
    `Validating proxy listening on ${listening.url}, forwarding to ${upstream}; report: ${options.proxyReport === '-' ? 'stdout' : options.proxyReport}\n`,
  );
  const close = async () => {
    await listening.close();
    recorder?.close();
    const summary = proxy.summary();
    stderr.write(summaryTable(summary));
    await new Promise<void>((resolve) => {
      if (report === stdout) report.write(summaryLine(summary), () => resolve());
      else report.end(summaryLine(summary), () => resolve());
    });
  };
  return { kind: 'proxy', proxy, ...listening, close, options, logger };
}

/** The server `create` makes; a domain error while making it (bad `--market-replay` data,
 * found as the replays start) is a usage error with its message. */
function serverOrUsageError(program: Command, create: () => BrokerageServer): BrokerageServer {
  try {
    return create();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return program.error(`error: ${error.message}`, { exitCode: usageExitCode });
  }
}

/** `--record <file>`: the recorder, redacting unless `--no-redact`. */
const recorderOf = (options: CliOptions): Recorder | undefined =>
  options.record === undefined
    ? undefined
    : createRecorder({
        file: options.record,
        redact: options.redact,
        maxSocketBytes: options.proxyCheckBytes,
      });

/** The recording's entries; a file that cannot be read is a usage error naming it. */
function recordingOf(program: Command, file: string): RecordedEntry[] {
  try {
    return readRecording(file);
  } catch (error) {
    if (!(error instanceof RecordingError)) throw error;
    return program.error(`error: ${error.message}`, { exitCode: usageExitCode });
  }
}

/** `compare`: the table (or JSON) on stdout; exit code 1 when a shape or status differs. */
async function runCompare(
  entries: RecordedEntry[],
  options: CompareOptions,
  io: CliIo,
): Promise<CompareRun> {
  const stdout = io.stdout ?? process.stdout;
  const target =
    options.against === undefined
      ? await freshSandbox(options.seed)
      : { baseUrl: options.against, close: () => Promise.resolve() };
  try {
    const comparison = await compareRecording(entries, target.baseUrl, {
      cookie: options.cookie,
      bearer: options.bearer,
    });
    stdout.write(
      options.json ? `${JSON.stringify(comparison, null, 2)}\n` : comparisonTable(comparison),
    );
    return { kind: 'compare', comparison, exitCode: comparison.differs ? 1 : 0 };
  } finally {
    await target.close();
  }
}

/** `replay`: listens with the recording's stub. */
async function startReplay(
  entries: RecordedEntry[],
  options: CliOptions,
  io: CliIo,
): Promise<RunningReplay> {
  const stdout = io.stdout ?? process.stdout;
  const logger = pino({ level: options.logLevel }, stdout as DestinationStream);
  const listening = await listen(createReplayHandler(entries), options);
  stdout.write(`Replaying ${entries.length} recorded exchanges on ${listening.url}\n`);
  return { kind: 'replay', ...listening, logger };
}

/** The `brokerage-server` command: exits 0 after a graceful shutdown on SIGINT or SIGTERM. */
async function run(): Promise<void> {
  let started: Awaited<ReturnType<typeof main>>;
  try {
    started = await main();
  } catch (error) {
    if (error instanceof CommanderError) process.exit(error.exitCode);
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  if (started.kind === 'compare') process.exit(started.exitCode);
  const running = started;
  const stop = (signal: NodeJS.Signals) => {
    running.logger.info(
      { signal },
      'shutting down: no new connections, finishing requests in flight',
    );
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Run as a command (also through the package's bin symlink), not imported. */
function invokedDirectly(): boolean {
  try {
    return (
      process.argv[1] !== undefined &&
      realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)
    );
  } catch {
    return false;
  }
}

if (invokedDirectly()) await run();

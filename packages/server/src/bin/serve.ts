// The simulation: the server the options describe, listening (in a worker of `--workers`, one of
// the processes sharing the port).
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { createServer, type BrokerageServer } from '../compose/server.js';
import type { ConsumerRegistration } from '../domain/auth/oauth1/consumers.js';
import type { ConfiguredReplay } from '../control/replays.js';
import { DomainError } from '../domain/kernel/errors.js';
import { controlServed } from '../http/control-access.js';
import { tapExchanges } from '../recording/sandbox-tap.js';
import { registerClient, registerConsumer } from '../compose/services.js';
import { jsonLogger, streamsOf, type CliIo } from './io.js';
import { listen, type Running } from './listen.js';
import { readMarketReplays, type CliOptions } from './options.js';
import { recorderOf } from './record.js';
import { orUsageError, usageError } from './usage.js';
import { reportListening, workerId } from './workers.js';

/** The simulation (the default). */
export interface RunningServer extends Running {
  kind: 'simulation';
  server: BrokerageServer;
}

/** The line a person reads once the server listens. */
export function listeningLine(url: string, options: CliOptions): string {
  const who = options.mode === 'gateway' ? `gateway mode, user ${options.user}` : 'hosted mode';
  const workers = options.workers > 1 ? `, ${options.workers} workers` : '';
  return `Brokerage reference server listening on ${url}  API: ${url}/v1/api  docs: ${url}/docs  (${who}${workers})\n`;
}

export async function startSimulation(
  program: Command,
  options: CliOptions,
  io: CliIo,
): Promise<RunningServer> {
  const { stdout } = streamsOf(io);
  const worker = workerId();
  const root = jsonLogger(options.logLevel, stdout);
  const logger = worker === undefined ? root : root.child({ worker });

  // A `--market-replay` file that cannot be read, or holds bad data, is a usage error naming it;
  // so is a domain error while making the server (replays that cannot start).
  let marketReplays: ConfiguredReplay[] = [];
  try {
    marketReplays = await readMarketReplays(options.marketReplay);
  } catch (error) {
    usageError(program, `error: ${error instanceof Error ? error.message : String(error)}`);
  }
  const server = orUsageError(program, DomainError, () =>
    createServer({
      mode: options.mode,
      seed: options.seed,
      gatewayUser: options.user,
      sessionTimeoutMs: options.sessionTimeout * 1000,
      pacing: options.pacing,
      marketReplays,
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
      ...(options.tokenSigningKey === undefined
        ? {}
        : { tokenSigningKey: options.tokenSigningKey }),
      previousTokenSigningKeys: options.tokenSigningKeyPrevious,
      trustProxy: options.trustProxy,
      ...(options.testConsumer === undefined ? {} : { testConsumer: options.testConsumer }),
      logger,
    }),
  );
  registerFiles(program, '--register-consumer', options.registerConsumer, (registration, file) => {
    const consumer = registerConsumer(server.services, registration as ConsumerRegistration);
    logger.info({ consumerKey: consumer.consumerKey, file }, 'consumer registered');
  });
  registerFiles(program, '--register-client', options.registerClient, (registration, file) => {
    const client = registerClient(server.services, registration);
    logger.info({ clientId: client.clientId, file }, 'OAuth 2.0 client registered');
  });
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
  logger.info(
    {
      url,
      mode: options.mode,
      tls: options.tls,
      pacing: options.pacing,
      control: controlAccess(options),
      store: options.store.replace(/\/\/[^@/]*@/, '//'),
    },
    'listening',
  );
  // A worker tells the primary, which prints the one line for all of them.
  if (worker === undefined) stdout.write(listeningLine(url, options));
  else reportListening(url);
  return { kind: 'simulation', server, listener, url, options, logger, close };
}

/** `--register-consumer <file>`, `--register-client <file>` (repeatable): a file that cannot be
 * read or registered is a usage error naming it. */
function registerFiles(
  program: Command,
  flag: string,
  files: string[],
  register: (registration: unknown, file: string) => void,
): void {
  for (const file of files) {
    try {
      register(JSON.parse(readFileSync(file, 'utf8')), file);
    } catch (error) {
      usageError(
        program,
        `error: ${flag} ${file}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

/** How the control API is served, for the listening log line. */
function controlAccess(options: CliOptions): 'open' | 'token' | 'off' {
  const { mode, control: enabled, controlToken: token } = options;
  if (!controlServed({ mode, enabled, token })) return 'off';
  return options.controlToken === undefined ? 'open' : 'token';
}

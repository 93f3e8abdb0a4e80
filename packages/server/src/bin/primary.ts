import { jsonLogger, streamsOf, type CliIo } from './io.js';
import type { CliOptions } from './options.js';
import { listeningLine } from './serve.js';
import { pemsVariable, selfSignedCertificate } from './tls.js';
import { startWorkers, type RunningWorkers } from './workers.js';

/** `--workers N` (N > 1), in the primary process: forks the workers, which run the simulation. */
export async function startPrimary(options: CliOptions, io: CliIo): Promise<RunningWorkers> {
  const { stdout } = streamsOf(io);
  const logger = jsonLogger(options.logLevel, stdout);
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

import { createWriteStream } from 'node:fs';
import { summaryLine, summaryTable, uncheckedLine, violationLine } from '../proxy/report.js';
import { createValidatingProxy, type ValidatingProxy } from '../proxy/validating-proxy.js';
import { jsonLogger, streamsOf, type CliIo } from './io.js';
import { listen, type Running } from './listen.js';
import type { CliOptions } from './options.js';
import { recorderOf } from './record.js';

/** The validating proxy (`--proxy`): `close()` also writes the summary of the report. */
export interface RunningProxy extends Running {
  kind: 'proxy';
  proxy: ValidatingProxy;
}

/** The validating proxy: the report on stdout (or `--proxy-report`), people's lines on stderr. */
export async function startProxy(
  upstream: string,
  options: CliOptions,
  io: CliIo,
): Promise<RunningProxy> {
  const { stdout, stderr } = streamsOf(io);
  const logger = jsonLogger(options.logLevel, stderr);
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

import type { RecordedEntry } from '../recording/har-entry.js';
import { createReplayHandler } from '../recording/replay.js';
import { jsonLogger, streamsOf, type CliIo } from './io.js';
import { listen, type Running } from './listen.js';
import type { CliOptions } from './options.js';

/** `replay <recording>`'s options. */
export interface ReplayOptions {
  port: number;
  host: string;
}

/** `replay <recording>`: the recording served back as a stub. */
export interface RunningReplay extends Omit<Running, 'options'> {
  kind: 'replay';
}

/** `replay`: listens with the recording's stub. */
export async function startReplay(
  entries: RecordedEntry[],
  options: CliOptions,
  io: CliIo,
): Promise<RunningReplay> {
  const { stdout } = streamsOf(io);
  const logger = jsonLogger(options.logLevel, stdout);
  const listening = await listen(createReplayHandler(entries), options);
  stdout.write(`Replaying ${entries.length} recorded exchanges on ${listening.url}\n`);
  return { kind: 'replay', ...listening, logger };
}

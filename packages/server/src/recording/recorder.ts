// `--record <file>`: every exchange, as it ends, becomes an entry of the HAR file, redacted
// unless asked otherwise.
import type { TimedExchange } from '../proxy/validating-proxy.js';
import { harEntry } from './har-entry.js';
import { createHarWriter } from './har-writer.js';
import { Redactor } from './redaction.js';

export interface RecorderOptions {
  file: string;
  /** Replace secrets by pseudonyms (default true). */
  redact?: boolean;
}

export interface Recorder {
  record(timed: TimedExchange): void;
  /** Entries written so far. */
  readonly count: number;
  close(): void;
}

export function createRecorder(options: RecorderOptions): Recorder {
  const writer = createHarWriter(options.file);
  const redaction = options.redact === false ? null : new Redactor();
  return {
    record: (timed) => writer.append(harEntry(timed, redaction)),
    get count() {
      return writer.count;
    },
    close: () => writer.close(),
  };
}

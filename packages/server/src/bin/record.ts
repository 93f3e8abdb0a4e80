import { createRecorder, type Recorder } from '../recording/recorder.js';
import type { CliOptions } from './options.js';

/** `--record <file>`: the recorder, redacting unless `--no-redact`. */
export const recorderOf = (options: CliOptions): Recorder | undefined =>
  options.record === undefined
    ? undefined
    : createRecorder({
        file: options.record,
        redact: options.redact,
        maxSocketBytes: options.proxyCheckBytes,
      });

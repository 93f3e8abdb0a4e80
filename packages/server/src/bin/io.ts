import { pino, type DestinationStream, type Logger } from 'pino';

/** Where the command writes; the process's streams unless a test gives its own. */
export interface CliIo {
  /** Where the listening line and the JSON logs go (process.stdout by default). */
  stdout?: NodeJS.WritableStream;
  /** Where commander writes usage errors (process.stderr by default). */
  stderr?: NodeJS.WritableStream;
}

/** The streams of `io`, defaulted to the process's. */
export function streamsOf(io: CliIo): {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
} {
  return { stdout: io.stdout ?? process.stdout, stderr: io.stderr ?? process.stderr };
}

/** The JSON logs at `level`, written to `stream`. */
export function jsonLogger(level: string, stream: NodeJS.WritableStream): Logger {
  return pino({ level }, stream as DestinationStream);
}

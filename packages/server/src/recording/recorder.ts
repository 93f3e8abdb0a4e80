// `--record <file>`: every exchange, as it ends, becomes an entry of the HAR file, redacted
// unless asked otherwise; every WebSocket one entry with its frames, written when it closes (or
// when the recording does, for one still open).
import type { TimedExchange } from '../proxy/validating-proxy.js';
import { harEntry } from './har-entry.js';
import { createHarWriter } from './har-writer.js';
import type { SocketObserver } from '../streaming/streaming-server.js';
import { Redactor } from './redaction.js';
import { socketEntry } from './socket-entry.js';
import { tapSocket } from './socket-tap.js';

export interface RecorderOptions {
  file: string;
  /** Replace secrets by pseudonyms (default true). */
  redact?: boolean;
  /** Bytes of frames kept per WebSocket (default 4 MiB); past them frames are only counted. */
  maxSocketBytes?: number;
}

export interface Recorder {
  record(timed: TimedExchange): void;
  /** A WebSocket that has just opened (before its first frame), with its upgrade answer's lines. */
  socket: SocketObserver;
  /** Entries written so far. */
  readonly count: number;
  close(): void;
}

export function createRecorder(options: RecorderOptions): Recorder {
  const writer = createHarWriter(options.file);
  const redaction = options.redact === false ? null : new Redactor();
  const maxSocketBytes = options.maxSocketBytes ?? 4 * 1024 * 1024;
  /** Sockets still open: each writes its entry when it closes. */
  const open = new Set<() => void>();
  return {
    record: (timed) => writer.append(harEntry(timed, redaction)),
    socket: (request, ws, answer) => {
      const opened = {
        url: request.url ?? '/',
        requestHeaders: request.headers,
        answer,
        startedAt: Date.now(),
      };
      const write = () => {
        open.delete(write);
        writer.append(socketEntry(opened, tape, Date.now(), redaction));
      };
      const tape = tapSocket(ws, maxSocketBytes, write);
      open.add(write);
    },
    get count() {
      return writer.count;
    },
    close() {
      for (const write of [...open]) write();
      writer.close();
    },
  };
}

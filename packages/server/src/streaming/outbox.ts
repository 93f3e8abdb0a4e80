import type { streaming } from '@brokerage/types';
import { closeCodes } from './stream-texts.js';

/** What the outbox needs of a socket (the `ws` package's WebSocket has it). */
export interface StreamSocket {
  /** Bytes handed to the socket and not yet written to the network. */
  readonly bufferedAmount: number;
  send(data: string, done: (error?: Error) => void): void;
  close(code: number, reason: string): void;
}

export interface OutboxLimits {
  /** Past this many bytes buffered in the socket, messages wait in the outbox. */
  highWaterBytes: number;
  /** Past this many bytes waiting in the outbox, the socket is closed (`slowConsumer`). */
  maxQueuedBytes: number;
}

export const defaultOutboxLimits: OutboxLimits = {
  highWaterBytes: 256 * 1024,
  maxQueuedBytes: 1024 * 1024,
};

/** The echo of `ech+hb`: the one frame the service sends that is not JSON (sent as it is). */
export const echoText = 'ech+hb';

/** What a socket sends: a message of the streaming document, or the echo's text. */
export type OutgoingFrame = streaming.ServerMessage | typeof echoText;

interface Queued {
  message: OutgoingFrame;
  bytes: number;
}

const isMarketData = (message: OutgoingFrame): message is streaming.ServerMessages['marketData'] =>
  typeof message === 'object' &&
  'topic' in message &&
  typeof message.topic === 'string' &&
  message.topic.startsWith('smd+');

const serialise = (message: OutgoingFrame): string =>
  typeof message === 'string' ? message : JSON.stringify(message);

/** The messages of one socket on their way out. While the socket's buffer is below the high
 * water mark they are sent at once; above it they wait, market data coalesced per contract (a
 * later update's fields over the waiting one's, so the client still ends with every field's
 * last value), other messages in order. Past the bound the socket is closed: a slow consumer
 * cannot grow the server's memory. */
export class Outbox {
  /** Waiting messages in order; market data keyed by topic, the others by a sequence. */
  readonly #waiting = new Map<string, Queued>();
  #waitingBytes = 0;
  #sequence = 0;
  #closed = false;

  constructor(
    private readonly socket: StreamSocket,
    private readonly limits: OutboxLimits = defaultOutboxLimits,
  ) {}

  get waitingBytes(): number {
    return this.#waitingBytes;
  }

  send(message: OutgoingFrame): void {
    if (this.#closed) return;
    if (this.#waiting.size === 0 && this.socket.bufferedAmount < this.limits.highWaterBytes) {
      this.#write(serialise(message));
      return;
    }
    this.#enqueue(message);
    if (this.#waitingBytes > this.limits.maxQueuedBytes) {
      this.close(closeCodes.slowConsumer);
      return;
    }
    this.flush();
  }

  /** Sends what waits while the socket's buffer has room. */
  flush(): void {
    for (const [key, queued] of this.#waiting) {
      if (this.#closed || this.socket.bufferedAmount >= this.limits.highWaterBytes) return;
      this.#waiting.delete(key);
      this.#waitingBytes -= queued.bytes;
      this.#write(serialise(queued.message));
    }
  }

  close(code: { code: number; reason: string }): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#waiting.clear();
    this.#waitingBytes = 0;
    this.socket.close(code.code, code.reason);
  }

  #enqueue(message: OutgoingFrame): void {
    const key = isMarketData(message) ? message.topic : `#${this.#sequence++}`;
    const previous = this.#waiting.get(key)?.message;
    const merged =
      previous && typeof previous === 'object' ? { ...previous, ...(message as object) } : message;
    const bytes = serialise(merged as OutgoingFrame).length;
    this.#waitingBytes += bytes - (this.#waiting.get(key)?.bytes ?? 0);
    this.#waiting.set(key, { message: merged as OutgoingFrame, bytes });
  }

  #write(data: string): void {
    // Each write that reaches the network makes room: send what waits.
    this.socket.send(data, (error) => {
      if (!error) this.flush();
    });
  }
}

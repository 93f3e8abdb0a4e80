import { setTimeout as pause } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { DomainError } from '../../domain/kernel/errors.js';

/** What a process knows of its store: `ready` (answering), `degraded` (a command failed or timed
 * out: units answer 503 at once until a probe gets an answer), `lost` (its state is gone and this
 * process was told not to re-seed it: it waits to be replaced). */
export type StoreState = 'ready' | 'degraded' | 'lost';

/** Milliseconds between two probes of an unreachable store that failed at once. */
const probePauseMs = 100;

/** Seconds a client is told to wait (Retry-After) when the store cannot be reached. */
export const storeRetryAfterSeconds = 1;

export const unreachableMessage =
  'Store unreachable: the brokerage could not reach its state in time, try again';
export const lostMessage =
  'Store lost: the brokerage state was lost and this process is being replaced, try again';

/** The messages ioredis fails a command with when the connection is down or too slow
 * (`commandTimeout`, `enableOfflineQueue: false`, a connection closed with commands in flight). */
const connectionFailures = [
  'Command timed out',
  "Stream isn't writeable",
  'Connection is closed',
  'Reached the max retries per request limit',
];
const connectionCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/** Whether `error` says that Redis could not be reached, rather than that a command was wrong. */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof DomainError) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && connectionCodes.has(code)) return true;
  return connectionFailures.some((text) => error.message.startsWith(text));
}

/** 503 with Retry-After, in the operation's error shape (the HTTP layer maps the kind). */
export function storeUnavailable(message: string): DomainError {
  return new DomainError('unavailable', message, storeRetryAfterSeconds);
}

/**
 * The store's state as this process sees it, and the probe that brings it back: once a command
 * fails for want of Redis, units fail fast (no command, no wait) while one probe at a time asks
 * Redis (`PING`, bounded by the connection's `commandTimeout`; while disconnected, it waits for
 * ioredis's reconnection). The first answer makes the store ready again.
 */
export class StoreHealth {
  #state: StoreState = 'ready';
  #probing: Promise<void> | undefined;
  /** Aborted by `stop`: a probe waiting for a reconnection (or pausing) ends at once, or a close
   * while Redis is down would wait for Redis to come back. */
  readonly #stopping = new AbortController();

  constructor(
    private readonly redis: Redis,
    private readonly onChange: (state: StoreState, cause?: unknown) => void,
  ) {}

  get state(): StoreState {
    return this.#state;
  }

  /** Throws the 503 a unit answers while the store is not ready. */
  admit(): void {
    if (this.#state === 'degraded') throw storeUnavailable(unreachableMessage);
    if (this.#state === 'lost') throw storeUnavailable(lostMessage);
  }

  /** Answers the error a unit reports for `error`: a connection failure degrades the store and
   * becomes a 503; any other error is the unit's own. */
  failed(error: unknown): unknown {
    if (!isConnectionFailure(error)) return error;
    this.degrade(error);
    return storeUnavailable(unreachableMessage);
  }

  degrade(cause: unknown): void {
    if (this.#state !== 'ready') return;
    this.#set('degraded', cause);
    this.#probing ??= this.#probe().finally(() => {
      this.#probing = undefined;
    });
  }

  markLost(): void {
    this.#set('lost');
  }

  /** Ends the probe (the store is closing). */
  async stop(): Promise<void> {
    this.#stopping.abort();
    await this.#probing;
  }

  #set(state: StoreState, cause?: unknown): void {
    if (this.#state === state) return;
    this.#state = state;
    this.onChange(state, cause);
  }

  async #probe(): Promise<void> {
    const { signal } = this.#stopping;
    while (this.#state === 'degraded' && !signal.aborted) {
      if (this.redis.status !== 'ready' && !(await reconnected(this.redis, signal))) return;
      try {
        await this.redis.ping();
        if (this.#state === 'degraded') this.#set('ready');
      } catch {
        // Still unreachable. A timeout paces the next try and a closed connection waits above,
        // but a PING refused at once (a Redis still loading its file, a stream not writeable)
        // would loop without yielding: wait a little, on the real clock (this is the connection,
        // not the simulation).
        await pause(probePauseMs, undefined, { ref: false, signal }).catch(() => undefined);
      }
    }
  }
}

/** Resolves true once ioredis has reconnected, false if it gives up (the connection ended) or
 * `signal` is aborted (the store is closing). */
function reconnected(redis: Redis, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const settle = (value: boolean) => () => {
      redis.off('ready', onReady);
      redis.off('end', onEnd);
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const onReady = settle(true);
    const onEnd = settle(false);
    const onAbort = settle(false);
    redis.once('ready', onReady);
    redis.once('end', onEnd);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** What a move to `state` means, for the operators' log. */
export function stateMessage(state: StoreState, cause?: unknown): string {
  switch (state) {
    case 'ready':
      return 'Store reachable again';
    case 'degraded':
      return `Store unreachable: Redis did not answer (${cause instanceof Error ? cause.message : String(cause)}); requests answer 503 until it does`;
    case 'lost':
      return 'Store lost: the state on Redis was gone (restarted empty or flushed); this process stops so that a fresh one replaces it';
  }
}

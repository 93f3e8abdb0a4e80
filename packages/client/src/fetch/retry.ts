import { sleep, type Clock } from '../clock.js';
import type { FetchLayer } from './layer.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 3). */
  maxRetries: number;
  /** First backoff delay; doubled each retry (default 500 ms). */
  baseDelayMs: number;
  /** Cap of a backoff delay (default 8 s). */
  maxDelayMs: number;
  /** A Retry-After longer than this (the 10-minute penalty box) is not waited out (default 60 s). */
  maxRetryAfterMs: number;
}

export const defaultRetry: RetryOptions = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  maxRetryAfterMs: 60_000,
};

const idempotent = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** 429: waits Retry-After and retries any request (the service did not process it).
 * 503: retries idempotent requests with exponential backoff. Other answers pass through.
 * A Retry-After longer than `maxRetryAfterMs` (the service's penalty box) is answered to its
 * caller, and holds every later request of the client until its time: the box refuses whatever
 * comes before, and the program goes on by itself once it ends. */
export function retryLayer(clock: Clock, options: RetryOptions): FetchLayer {
  const backoff = (retry: number) => Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
  /** No request is sent before this time of the clock (the penalty box's end). */
  let heldUntil = 0;
  return (next) => async (request) => {
    for (let retry = 0; ; retry++) {
      const held = heldUntil - clock.now();
      if (held > 0) await sleep(clock, held, request.signal);
      // A request without a body can be sent again as it is; one with a body needs a fresh copy.
      const response = await next(request.body === null ? request : request.clone());
      const after =
        response.status === 429
          ? retryAfterMs(response.headers.get('retry-after'), clock.now())
          : undefined;
      if (after !== undefined && after > options.maxRetryAfterMs)
        heldUntil = Math.max(heldUntil, clock.now() + after);
      if (retry >= options.maxRetries) return response;
      let delay: number | undefined;
      if (response.status === 429) {
        delay = after ?? backoff(retry);
        if (delay > options.maxRetryAfterMs) return response;
      } else if (response.status === 503 && idempotent.has(request.method.toUpperCase())) {
        delay = backoff(retry);
      }
      if (delay === undefined) return response;
      await response.body?.cancel();
      await sleep(clock, delay, request.signal);
    }
  };
}

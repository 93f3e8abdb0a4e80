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
 * 503: retries idempotent requests with exponential backoff. Other answers pass through. */
export function retryLayer(clock: Clock, options: RetryOptions): FetchLayer {
  const backoff = (retry: number) => Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
  return (next) => async (request) => {
    for (let retry = 0; ; retry++) {
      // A request without a body can be sent again as it is; one with a body needs a fresh copy.
      const response = await next(request.body === null ? request : request.clone());
      if (retry >= options.maxRetries) return response;
      let delay: number | undefined;
      if (response.status === 429) {
        delay = retryAfterMs(response.headers.get('retry-after'), clock.now()) ?? backoff(retry);
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

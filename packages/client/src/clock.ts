/** The client's notion of time: backoff, Retry-After, pacing, timeouts and keep-alive ticks all
 * read it, so tests drive time instead of waiting for it. Structurally the same as the reference
 * server's `Clock`, so one manual clock can drive both. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Runs `callback` after `ms`; returns a function that cancels it. */
  schedule(ms: number, callback: () => void): () => void;
}

/** Real time through `setTimeout` (Node and browsers). */
export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(ms, callback) {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
};

/** Resolves after `ms` of the clock's time; rejects with the signal's reason when it aborts. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      cancel();
      reject(signal?.reason);
    };
    const cancel = clock.schedule(ms, () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

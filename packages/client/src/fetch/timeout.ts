import { type Clock } from '../clock.js';
import { RequestTimeoutError } from '../errors.js';
import { operationOf } from '../operations.js';
import type { FetchLayer } from './layer.js';

/** Aborts a request that has no answer after `timeoutMs` (through its AbortSignal) and throws
 * `RequestTimeoutError`; the caller's own signal still aborts it too. */
export function timeoutLayer(clock: Clock, timeoutMs: number): FetchLayer {
  return (next) => async (request) => {
    const controller = new AbortController();
    // The error is built only when the timer fires: most requests never need it.
    let timeout: RequestTimeoutError | undefined;
    const cancel = clock.schedule(timeoutMs, () => {
      timeout = new RequestTimeoutError(operationOf(request.method, request.url), timeoutMs);
      controller.abort(timeout);
    });
    const outer = request.signal;
    const forward = () => controller.abort(outer.reason);
    if (outer.aborted) forward();
    else outer.addEventListener('abort', forward, { once: true });
    try {
      return await next(new Request(request, { signal: controller.signal }));
    } catch (error) {
      if (timeout && controller.signal.reason === timeout) throw timeout;
      throw error;
    } finally {
      cancel();
      outer.removeEventListener('abort', forward);
    }
  };
}

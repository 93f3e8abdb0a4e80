// The work of the request being handled, for what runs below its handler without being handed
// the request: the signal that aborts when the request ends (answered, timed out, or dropped by
// its client), so that costly work done for it (a PDF in a worker thread) stops with it.
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<AbortSignal>();

/** Runs `work` as the work of a request whose end `signal` tells. */
export const asRequestWork = <T>(signal: AbortSignal, work: () => T): T =>
  current.run(signal, work);

/** The signal of the request whose work this is, or undefined outside a request. */
export const requestSignal = (): AbortSignal | undefined => current.getStore();

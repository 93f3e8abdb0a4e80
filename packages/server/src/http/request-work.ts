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

let holders = 0;

/**
 * Held by each open server; the returned release, called on its close, disables the storage
 * once no server holds it (the next request's `run` enables it again). On Node 20 an enabled
 * storage stays in the process's list for good, and every promise created then runs every listed
 * storage's hook: a test runner that loads this module afresh per test file, in workers that run
 * many files (jest), would otherwise leave one more storage per file, each slowing every promise
 * after it (a fifth of the CPU of the server's suite run in one process).
 */
export function holdRequestWork(): () => void {
  holders += 1;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    holders -= 1;
    if (holders === 0) current.disable();
  };
}

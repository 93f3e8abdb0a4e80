import type { Response } from 'express';

/** A signal that aborts when the response closes (answered, timed out, dropped by its client). */
export function endOf(res: Response): AbortSignal {
  const controller = new AbortController();
  if (res.closed) controller.abort();
  else res.once('close', () => controller.abort());
  return controller.signal;
}

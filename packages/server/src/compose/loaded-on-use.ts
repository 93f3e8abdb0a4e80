import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** A middleware made by `load` (once, when the first request it `serves` comes) for the requests
 * it serves; every other request passes by without loading it. A failed load fails that request
 * and is tried again by the next. */
export function loadedOnUse(
  serves: (req: Request) => boolean,
  load: () => Promise<RequestHandler>,
): RequestHandler {
  let loading: Promise<RequestHandler> | undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!serves(req)) {
      next();
      return;
    }
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    loading.then((handler) => handler(req, res, next)).catch(next);
  };
}

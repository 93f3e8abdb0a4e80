import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * The steps as one middleware: each step's `next()` calls the following one, and an error (or
 * any value given to `next`) leaves the sequence for the app's error handlers, as mounting each
 * step on the app would, without the router's per-layer matching on every request.
 */
export function sequence(steps: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error !== undefined || index === steps.length) {
        next(error);
        return;
      }
      const handler = steps[index++] as RequestHandler;
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.catch(step);
      } catch (caught) {
        step(caught);
      }
    };
    step();
  };
}

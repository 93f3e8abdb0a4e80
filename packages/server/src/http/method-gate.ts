import { createRouteMatcher } from '@brokerage/types';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { OperationInfo } from './document.js';
import { sendError } from './error-response.js';

/** Runs before the operation routes and the body parsers. Records the request's operation (so
 * that even a body the parsers refuse is answered in its shape). `HEAD` on a path with a GET
 * operation is that GET without a body (Node's response already knows to send none). A method the
 * path does not offer answers 405 with `Allow`: the path is the most specific template that matches the URL, whatever the
 * method, so `DELETE .../alert/activate` is not taken for `DELETE .../alert/{alertId}`. */
export function methodGate(operations: OperationInfo[]): RequestHandler {
  const methodsByPath = new Map<string, Set<string>>();
  for (const { path, method } of operations) {
    const methods = methodsByPath.get(path) ?? new Set<string>();
    methods.add(method.toUpperCase());
    methodsByPath.set(path, methods);
  }
  const matchPath = createRouteMatcher(
    [...methodsByPath.keys()].map((path) => ({ method: 'ANY', path })),
  );
  const matchOperation = createRouteMatcher(operations);
  const matchWithEmptyParameter = createRouteMatcher(operations, { emptyParams: true });
  return (req: Request, res: Response, next: NextFunction) => {
    // `DELETE .../alert/` is deleteAlert with an empty id (answered 400 further on), not 405.
    if (matchWithEmptyParameter(req.method, req.path) && !matchOperation(req.method, req.path)) {
      next();
      return;
    }
    const found = matchPath('ANY', req.path);
    const methods = found && methodsByPath.get(found.route.path);
    if (!methods) {
      next();
      return;
    }
    if (req.method === 'HEAD' && methods.has('GET')) req.method = 'GET';
    if (methods.has(req.method)) {
      res.locals.operation = matchOperation(req.method, req.path)?.route;
      next();
      return;
    }
    const allowed = methods.has('GET') ? [...methods, 'HEAD'] : [...methods];
    res.setHeader('Allow', allowed.join(', '));
    sendError(res, { status: 405, message: 'Method Not Allowed' }, undefined, req.path);
  };
}

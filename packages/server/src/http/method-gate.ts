import { createRouteMatcher } from '@brokerage/types';
import type { NextFunction, Request, RequestHandler } from 'express';
import type { OperationInfo } from './document.js';
import { sendError } from './error-response.js';
import { hintHeader } from './hints/hints.js';
import { didYouMean } from './hints/nearest-operations.js';
import type { PipelineResponse } from './request-locals.js';

/** Runs before the operation routes and the body parsers, with one match of the URL against the
 * document's paths: the most specific template, whatever the method, so that
 * `DELETE .../alert/activate` is not taken for `DELETE .../alert/{alertId}`.
 * - It records the request's operation and its path parameters (`res.locals.operation`,
 *   `res.locals.params`), so that even a body the parsers refuse is answered in the operation's
 *   shape, and no later step matches the path again.
 * - `HEAD` on a path with a GET operation is that GET without a body (Node's response already
 *   knows to send none).
 * - A method the path does not offer answers 405 with `Allow`, and the path's operations in
 *   the hint header. */
export function methodGate(operations: OperationInfo[]): RequestHandler {
  const operationsByPath = new Map<string, Map<string, OperationInfo>>();
  for (const operation of operations) {
    const byMethod = operationsByPath.get(operation.path) ?? new Map<string, OperationInfo>();
    byMethod.set(operation.method.toUpperCase(), operation);
    operationsByPath.set(operation.path, byMethod);
  }
  const matchPath = createRouteMatcher(
    [...operationsByPath.keys()].map((path) => ({ method: 'ANY', path })),
  );
  const matchWithEmptyParameter = createRouteMatcher(operations, { emptyParams: true });
  return (req: Request, res: PipelineResponse, next: NextFunction) => {
    const found = matchPath('ANY', req.path);
    const byMethod = found && operationsByPath.get(found.route.path);
    if (!byMethod) {
      next();
      return;
    }
    if (req.method === 'HEAD' && byMethod.has('GET')) req.method = 'GET';
    const operation = byMethod.get(req.method);
    // `DELETE .../alert/` is deleteAlert with an empty id (answered 400 further on), not 405.
    const withEmpty = operation ? undefined : matchWithEmptyParameter(req.method, req.path);
    if (operation || Object.values(withEmpty?.params ?? {}).includes('')) {
      res.locals.operation = operation;
      res.locals.params = found.params;
      next();
      return;
    }
    const allowed = [...byMethod.keys(), ...(byMethod.has('GET') ? ['HEAD'] : [])];
    res.setHeader('Allow', allowed.join(', '));
    res.setHeader(hintHeader, didYouMean([...byMethod.values()]));
    sendError(res, { status: 405, message: 'Method Not Allowed' }, undefined, req.path);
  };
}

// Finds the operation a method and concrete path belong to, by the document's path templates.
import { createRouteMatcher } from '@brokerage/types';
import type { OperationValidators } from './catalog.js';

export interface RouteMatch {
  operation: OperationValidators;
  /** Path parameters, decoded, by name. */
  params: Record<string, string>;
}

/** A matcher over some operations: `match('GET', '/v1/api/portfolio/U1/ledger')`. */
export function routeMatcher(operations: Iterable<OperationValidators>) {
  const match = createRouteMatcher(operations);
  return (method: string, path: string): RouteMatch | undefined => {
    const found = match(method, path);
    return found && { operation: found.route, params: found.params };
  };
}

import type { OperationId } from '@brokerage/types';
import { operationIds } from './generated/operations.js';

interface Route {
  method: string;
  pattern: RegExp;
  fixedSegments: number;
  operationId: OperationId;
}

// Fixed segments win over parameters, as on the service (`/iserver/account/search/{pattern}`
// against `/iserver/account/{accountId}/...`).
const routes: Route[] = Object.entries(operationIds)
  .map(([endpoint, operationId]) => {
    const [method = '', path = ''] = endpoint.split(' ');
    const segments = path.split('/');
    const source = segments
      .map((segment) =>
        /^\{.+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    return {
      method,
      // A base URL may carry a path prefix, so match the end of the path only.
      pattern: new RegExp(`${source}/?$`),
      fixedSegments: segments.filter((segment) => !segment.startsWith('{')).length,
      operationId,
    };
  })
  .sort((a, b) => b.fixedSegments - a.fixedSegments);

/** The operationId of a request, or `"METHOD /path"` when the document has no such operation. */
export function operationOf(method: string, url: string): string {
  const upper = method.toUpperCase();
  const { pathname } = new URL(url);
  return (
    routes.find((route) => route.method === upper && route.pattern.test(pathname))?.operationId ??
    `${upper} ${pathname}`
  );
}

const operationOfResponse = new WeakMap<Response, string>();

/** Remembers which operation a response answers, for errors raised from it later. */
export function recordOperation(response: Response, request: Request): void {
  operationOfResponse.set(response, operationOf(request.method, request.url));
}

export function operationOfResponseOrUrl(response: Response): string {
  return (
    operationOfResponse.get(response) ?? (response.url ? new URL(response.url).pathname : 'unknown')
  );
}

import { createRouteMatcher, operationRoutes } from '@brokerage/types';

// A base URL may carry a path prefix, so the template may match the end of the path only.
const match = createRouteMatcher(operationRoutes, { prefix: true });

/** The operationId of a request, or `"METHOD /path"` when the document has no such operation. */
export function operationOf(method: string, url: string): string {
  const { pathname } = new URL(url);
  return match(method, pathname)?.route.operationId ?? `${method.toUpperCase()} ${pathname}`;
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

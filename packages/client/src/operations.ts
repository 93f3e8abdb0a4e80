import { createRouteMatcher, operationRoutes } from '@brokerage/types';

// A base URL may carry a path prefix, so the template may match the end of the path only.
// Built on first use: most clients never name an operation (only errors do).
let match: ReturnType<typeof createRouteMatcher<(typeof operationRoutes)[number]>> | undefined;

/** The operationId of a request, or `"METHOD /path"` when the document has no such operation. */
export function operationOf(method: string, url: string): string {
  const { pathname } = new URL(url);
  match ??= createRouteMatcher(operationRoutes, { prefix: true });
  return match(method, pathname)?.route.operationId ?? `${method.toUpperCase()} ${pathname}`;
}

const requestOfResponse = new WeakMap<Response, { method: string; url: string }>();

/** Remembers which request a response answers, to name its operation in errors raised later
 * (looked up only then: most responses never need it). */
export function recordOperation(response: Response, request: Request): void {
  requestOfResponse.set(response, { method: request.method, url: request.url });
}

export function operationOfResponseOrUrl(response: Response): string {
  const request = requestOfResponse.get(response);
  if (request) return operationOf(request.method, request.url);
  return response.url ? new URL(response.url).pathname : 'unknown';
}

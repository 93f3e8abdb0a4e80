// The gate: every operation of the document has a contract test, and the server serves exactly
// the document's routes.
import type { DocumentOperation } from './document.js';

/** Operations that no hand-written contract test called. */
export function untestedOperations(
  operations: DocumentOperation[],
  tested: Iterable<string>,
): string[] {
  const seen = new Set(tested);
  return operations.filter((op) => !seen.has(op.operationId)).map((op) => op.operationId);
}

/** Routes outside the contract that a server may serve (health, readiness, docs, the document, control). */
export const infrastructureRoute = /^\/(health|ready|docs|openapi\.(json|yaml)|control)(\/|$)/;

interface RouterLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
}

/** `GET /v1/api/x/{id}` for every operation the server dispatches to a handler, and every other
 * route its Express 5 app registered, outside infrastructure. */
export function servedRoutes(server: {
  app: { router: unknown };
  servedOperations: readonly string[];
}): Set<string> {
  const routes = new Set<string>(server.servedOperations);
  const { app } = server;
  for (const layer of (app.router as { stack: RouterLayer[] }).stack) {
    if (!layer.route || typeof layer.route.path !== 'string') continue;
    const path = layer.route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    if (infrastructureRoute.test(path)) continue;
    for (const [method, on] of Object.entries(layer.route.methods)) {
      if (on && method !== '_all') routes.add(`${method.toUpperCase()} ${path}`);
    }
  }
  return routes;
}

/** Problems between served routes and the document's operations. */
export function routeProblems(operations: DocumentOperation[], served: Set<string>): string[] {
  const documented = new Set(operations.map((op) => `${op.method.toUpperCase()} ${op.path}`));
  return [
    ...[...documented].filter((route) => !served.has(route)).map((route) => `not served: ${route}`),
    ...[...served]
      .filter((route) => !documented.has(route))
      .map((route) => `not in the document: ${route}`),
  ];
}

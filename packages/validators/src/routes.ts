// Finds the operation a method and concrete path belong to, by the document's path templates.
import type { OperationValidators } from './catalog.js';

export interface RouteMatch {
  operation: OperationValidators;
  /** Path parameters, decoded, by name. */
  params: Record<string, string>;
}

interface Route {
  operation: OperationValidators;
  pattern: RegExp;
  names: string[];
  /** Per segment: 0 for a fixed segment, 1 for a parameter (fixed segments win, as in the service). */
  rank: number[];
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function toRoute(operation: OperationValidators): Route {
  const names: string[] = [];
  const rank: number[] = [];
  const source = operation.path
    .split('/')
    .map((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment);
      rank.push(parameter ? 1 : 0);
      if (!parameter?.[1]) return escapeRegExp(segment);
      names.push(parameter[1]);
      return '([^/]+)';
    })
    .join('/');
  return { operation, pattern: new RegExp(`^${source}/?$`), names, rank };
}

function compareRank(a: Route, b: Route): number {
  for (let i = 0; i < Math.min(a.rank.length, b.rank.length); i++) {
    const difference = (a.rank[i] ?? 0) - (b.rank[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return a.rank.length - b.rank.length;
}

/** A matcher over some operations: `match('GET', '/v1/api/portfolio/U1/ledger')`. */
export function routeMatcher(operations: Iterable<OperationValidators>) {
  const routes = [...operations].map(toRoute).sort(compareRank);
  return (method: string, path: string): RouteMatch | undefined => {
    const lowerMethod = method.toLowerCase();
    for (const route of routes) {
      if (route.operation.method !== lowerMethod) continue;
      const found = route.pattern.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, index) => {
        const raw = found[index + 1] ?? '';
        try {
          params[name] = decodeURIComponent(raw);
        } catch {
          params[name] = raw;
        }
      });
      return { operation: route.operation, params };
    }
    return undefined;
  };
}

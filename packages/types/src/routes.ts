// Which operation a request is for, by the document's path templates. Where two templates could
// match one path, the one with a fixed segment at the first difference wins
// (`/iserver/account/search/{searchPattern}` over `/iserver/account/{accountId}/...`), as the
// service routes them.

export interface RouteTemplate {
  /** HTTP method, any case. */
  method: string;
  /** The document's path template, e.g. `/v1/api/portfolio/{accountId}/ledger`. */
  path: string;
}

export interface RouteMatch<Route extends RouteTemplate> {
  route: Route;
  /** Path parameters by name, decoded. */
  params: Record<string, string>;
}

/** Orders templates so that the more specific one comes first. */
export function compareRouteSpecificity(a: RouteTemplate, b: RouteTemplate): number {
  const left = a.path.split('/');
  const right = b.path.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const leftParam = left[i]?.startsWith('{') ?? false;
    const rightParam = right[i]?.startsWith('{') ?? false;
    if (leftParam !== rightParam) return leftParam ? 1 : -1;
  }
  return left.length - right.length;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * A matcher over some routes: `match('GET', '/v1/api/portfolio/U1/ledger')`.
 * With `prefix: true` the path may carry a prefix before the template (a base URL's path);
 * with `emptyParams: true` a parameter may be empty (`/acesws//signatures-and-owners`).
 */
export function createRouteMatcher<Route extends RouteTemplate>(
  routes: Iterable<Route>,
  options: { prefix?: boolean; emptyParams?: boolean } = {},
) {
  const parameter = options.emptyParams ? '([^/]*)' : '([^/]+)';
  const compiled = [...routes].sort(compareRouteSpecificity).map((route) => {
    const names: string[] = [];
    const source = route.path
      .split('/')
      .map((segment) => {
        const name = /^\{(.+)\}$/.exec(segment)?.[1];
        if (name === undefined) return escapeRegExp(segment);
        names.push(name);
        return parameter;
      })
      .join('/');
    const method = route.method.toUpperCase();
    return {
      route,
      method,
      names,
      pattern: new RegExp(`${options.prefix ? '' : '^'}${source}/?$`),
    };
  });
  return (method: string, path: string): RouteMatch<Route> | undefined => {
    const upper = method.toUpperCase();
    for (const entry of compiled) {
      if (entry.method !== upper) continue;
      const found = entry.pattern.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      entry.names.forEach((name, index) => {
        params[name] = decode(found[index + 1] ?? '');
      });
      return { route: entry.route, params };
    }
    return undefined;
  };
}

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
  return compareSegments(parameterSegments(a.path), parameterSegments(b.path));
}

/** Whether each segment of a template is a parameter. */
const parameterSegments = (path: string): boolean[] =>
  path.split('/').map((segment) => segment.startsWith('{'));

/** `routes`, the more specific first (as `compareRouteSpecificity` orders them), each template
 * split once, not at every comparison of the sort (a server start sorts every operation's
 * template, several times). */
export function sortBySpecificity<Route extends RouteTemplate>(routes: Iterable<Route>): Route[] {
  return [...routes]
    .map((route) => ({ route, segments: parameterSegments(route.path) }))
    .sort((a, b) => compareSegments(a.segments, b.segments))
    .map(({ route }) => route);
}

function compareSegments(left: boolean[], right: boolean[]): number {
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] !== right[i]) return left[i] ? 1 : -1;
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

interface CompiledRoute<Route extends RouteTemplate> {
  route: Route;
  method: string;
  names: string[];
  /** Position in specificity order: the lower wins. */
  rank: number;
}

/** A node of the template tree: one path segment. */
interface TemplateNode<Route extends RouteTemplate> {
  literals: Map<string, TemplateNode<Route>>;
  parameter?: TemplateNode<Route>;
  /** Templates ending here. */
  ends: CompiledRoute<Route>[];
}

const templateNode = <Route extends RouteTemplate>(): TemplateNode<Route> => ({
  literals: new Map(),
  ends: [],
});

/**
 * A matcher over some routes: `match('GET', '/v1/api/portfolio/U1/ledger')`.
 * With `prefix: true` the path may carry a prefix before the template (a base URL's path);
 * with `emptyParams: true` a parameter may be empty (`/acesws//signatures-and-owners`).
 * Without a prefix, templates are looked up in a tree of segments, so a match costs the depth of
 * the path, not the number of routes; with one, each template is tried in turn.
 */
export function createRouteMatcher<Route extends RouteTemplate>(
  routes: Iterable<Route>,
  options: { prefix?: boolean; emptyParams?: boolean } = {},
) {
  const compiled = sortBySpecificity(routes).map((route, rank): CompiledRoute<Route> => ({
    route,
    method: route.method.toUpperCase(),
    names: route.path.split('/').flatMap((segment) => /^\{(.+)\}$/.exec(segment)?.[1] ?? []),
    rank,
  }));
  const matchAt = options.prefix
    ? prefixMatcher(compiled, options.emptyParams ?? false)
    : treeMatcher(compiled, options.emptyParams ?? false);
  return (method: string, path: string): RouteMatch<Route> | undefined => {
    const found = matchAt(method.toUpperCase(), path);
    if (!found) return undefined;
    const params: Record<string, string> = {};
    found.entry.names.forEach((name, index) => {
      params[name] = decode(found.values[index] ?? '');
    });
    return { route: found.entry.route, params };
  };
}

interface Found<Route extends RouteTemplate> {
  entry: CompiledRoute<Route>;
  /** Raw parameter values, in template order. */
  values: string[];
}

function treeMatcher<Route extends RouteTemplate>(
  compiled: CompiledRoute<Route>[],
  emptyParams: boolean,
): (method: string, path: string) => Found<Route> | undefined {
  const root = templateNode<Route>();
  for (const entry of compiled) {
    let node = root;
    for (const segment of entry.route.path.split('/')) {
      if (/^\{.+\}$/.test(segment)) {
        node = node.parameter ??= templateNode();
      } else {
        let next = node.literals.get(segment);
        if (!next) node.literals.set(segment, (next = templateNode()));
        node = next;
      }
    }
    node.ends.push(entry);
  }
  return (method, path) => {
    let best: Found<Route> | undefined;
    const visit = (
      node: TemplateNode<Route>,
      segments: string[],
      index: number,
      values: string[],
    ) => {
      if (index === segments.length) {
        for (const entry of node.ends) {
          if (entry.method === method && (!best || entry.rank < best.entry.rank))
            best = { entry, values: [...values] };
        }
        return;
      }
      const segment = segments[index] ?? '';
      const literal = node.literals.get(segment);
      if (literal) visit(literal, segments, index + 1, values);
      if (node.parameter && (emptyParams || segment !== '')) {
        values.push(segment);
        visit(node.parameter, segments, index + 1, values);
        values.pop();
      }
    };
    const segments = path.split('/');
    visit(root, segments, 0, []);
    // A trailing slash is allowed (`/v1/api/tickle/`).
    if (path.endsWith('/')) visit(root, segments.slice(0, -1), 0, []);
    return best;
  };
}

function prefixMatcher<Route extends RouteTemplate>(
  compiled: CompiledRoute<Route>[],
  emptyParams: boolean,
): (method: string, path: string) => Found<Route> | undefined {
  const parameter = emptyParams ? '([^/]*)' : '([^/]+)';
  const patterns = compiled.map((entry) => {
    const source = entry.route.path
      .split('/')
      .map((segment) => (/^\{(.+)\}$/.test(segment) ? parameter : escapeRegExp(segment)))
      .join('/');
    return { entry, pattern: new RegExp(`${source}/?$`) };
  });
  return (method, path) => {
    for (const { entry, pattern } of patterns) {
      if (entry.method !== method) continue;
      const found = pattern.exec(path);
      if (found) return { entry, values: found.slice(1) };
    }
    return undefined;
  };
}

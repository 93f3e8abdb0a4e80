// The route matcher finds, for any path, the template the service routes it to: the same answer
// as trying every template in specificity order (the definition), over the document's routes.
import fc from 'fast-check';
import {
  compareRouteSpecificity,
  controlOperationRoutes,
  createRouteMatcher,
  operationRoutes,
  sortBySpecificity,
  type RouteTemplate,
} from '../src/index.js';

/** The definition: every template as a regular expression, in specificity order. */
function referenceMatcher(routes: RouteTemplate[], emptyParams: boolean) {
  const parameter = emptyParams ? '([^/]*)' : '([^/]+)';
  const compiled = [...routes].sort(compareRouteSpecificity).map((route) => ({
    route,
    pattern: new RegExp(
      `^${route.path
        .split('/')
        .map((segment) =>
          /^\{.+\}$/.test(segment) ? parameter : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/')}/?$`,
    ),
  }));
  return (method: string, path: string) =>
    compiled.find(
      (entry) =>
        entry.route.method.toUpperCase() === method.toUpperCase() && entry.pattern.test(path),
    )?.route;
}

const routes: RouteTemplate[] = [...operationRoutes, ...controlOperationRoutes];
const literals = [...new Set(routes.flatMap((route) => route.path.split('/')))].filter(
  (segment) => !segment.startsWith('{'),
);

/** Paths built from the templates, with parameters that are sometimes literal segments of other
 * templates, sometimes empty, and sometimes a trailing slash or a segment cut. */
const paths = fc
  .record({
    route: fc.constantFrom(...routes),
    values: fc.array(
      fc.oneof(fc.constantFrom(...literals), fc.stringMatching(/^[A-Za-z0-9%.-]{0,6}$/)),
      { minLength: 8, maxLength: 8 },
    ),
    trailingSlash: fc.boolean(),
    cut: fc.nat(3),
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'get'),
  })
  .map(({ route, values, trailingSlash, cut, method }) => {
    let index = 0;
    const segments = route.path
      .split('/')
      .map((segment) => (segment.startsWith('{') ? (values[index++] ?? '') : segment));
    const kept = cut === 3 ? segments.slice(0, -1) : segments;
    return { method, path: `${kept.join('/')}${trailingSlash ? '/' : ''}` };
  });

describe('createRouteMatcher', () => {
  for (const emptyParams of [false, true]) {
    it(`answers as the templates tried in specificity order (emptyParams: ${emptyParams})`, () => {
      const match = createRouteMatcher(routes, { emptyParams });
      const reference = referenceMatcher(routes, emptyParams);
      fc.assert(
        fc.property(paths, ({ method, path }) => {
          expect(match(method, path)?.route).toBe(reference(method, path));
        }),
        { numRuns: 3000 },
      );
    });
  }

  it('decodes parameters and prefers a fixed segment at the first difference', () => {
    const match = createRouteMatcher(operationRoutes);
    expect(match('GET', '/v1/api/iserver/account/search/U%201')).toMatchObject({
      route: { path: '/v1/api/iserver/account/search/{searchPattern}' },
      params: { searchPattern: 'U 1' },
    });
    expect(match('GET', '/v1/api/portfolio/U1234567/ledger/')?.params).toEqual({
      accountId: 'U1234567',
    });
    expect(match('GET', '/v1/api/portfolio//ledger')).toBeUndefined();
    expect(
      createRouteMatcher(operationRoutes, { prefix: true })(
        'GET',
        '/base/v1/api/portfolio/U1/ledger',
      )?.params,
    ).toEqual({ accountId: 'U1' });
  });

  it('reads a colon inside a segment as a literal (`/bank-instructions:bulk`), in both matchers', () => {
    for (const prefix of [false, true]) {
      const match = createRouteMatcher(operationRoutes, { prefix });
      expect(match('POST', '/gw/api/v1/bank-instructions:bulk')?.route.operationId).toBe(
        'createBankInstructionsBulk',
      );
      expect(match('POST', '/gw/api/v1/bank-instructions')?.route.operationId).toBe(
        'createBankInstruction',
      );
      expect(match('POST', '/gw/api/v1/instructions/cancel:bulk')?.route.operationId).toBe(
        'cancelInstructionsBulk',
      );
      expect(match('POST', '/gw/api/v1/bank-instructions:other')).toBeUndefined();
      expect(match('POST', '/gw/api/v1/bank-instructionsXbulk')).toBeUndefined();
    }
  });
});

test("sortBySpecificity orders the document's routes as compareRouteSpecificity does", () => {
  const shuffled = [...routes].reverse();
  expect(sortBySpecificity(shuffled)).toEqual([...shuffled].sort(compareRouteSpecificity));
  expect(sortBySpecificity(routes)).toEqual([...routes].sort(compareRouteSpecificity));
});

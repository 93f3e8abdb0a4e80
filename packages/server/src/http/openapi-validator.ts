// express-openapi-validator 5.x finds a request's route by compiling every path template of the
// document with path-to-regexp, on every request: with 50 operations that was most of the cost of
// validation. The templates never change once the document is loaded, so the compiler the
// validator calls is memoised here, in the validator's own copy of path-to-regexp. Done from our
// code, it reaches everyone who installs the server (a patch of the dependency would reach only
// this workspace). The compiler is pure and its results are only read, so sharing them is safe.
import { createRequire } from 'node:module';
import type { NextFunction, Request, Response } from 'express';
import type * as OpenApiValidator from 'express-openapi-validator';
// The same file as the validator's copy where the install shares one (the server pins the
// version the validator resolves). A module loader with a registry of its own (jest's) hands the
// validator this instance, not the one in Node's cache, so both are memoised.
import sharedPathToRegexp from 'path-to-regexp';
import { isImmutable } from './json-body.js';
import { cacheCompiledValidators } from './validator-cache.js';
import { validatorMiddlewares } from './validator-spec.js';

type PathToRegexp = (path: unknown, options?: Record<string, unknown>) => unknown;

interface PathToRegexpModule {
  pathToRegexp: PathToRegexp & { memoised?: true };
}

const require = createRequire(import.meta.url);

export type ValidatorOptions = Parameters<typeof OpenApiValidator.middleware>[0];

type Middlewares = ReturnType<typeof OpenApiValidator.middleware>;
type Middleware = Middlewares[number];

/** The operation a request was already matched to by the server's own route lookup, if any: its
 * id and its path parameters, decoded. */
export type MatchedOperation = (
  req: Request,
  res: Response,
) => { operationId: string; params: Record<string, string> } | undefined;

/** express-openapi-validator's middleware, with its route compiler memoised and, given the
 * operation the server already matched, its route lookup done once per operation. */
export function openApiValidator(
  options: ValidatorOptions,
  matchedOperation?: MatchedOperation,
): Middlewares {
  memoiseRouteCompiler();
  cacheCompiledValidators();
  const middlewares = validatorMiddlewares(options);
  if (!matchedOperation) return middlewares;
  return middlewares.map((middleware) =>
    middleware.name === 'metadataMiddleware'
      ? routeMetadataOnce(middleware, matchedOperation)
      : middleware.name === 'responseMiddleware'
        ? checkedOnce(middleware)
        : middleware,
  );
}

/**
 * The validator checks every answer's body against its operation's schema. An immutable body (a
 * view the domain keeps as a value until its inputs change) passes or fails that check the same
 * way each time, so once it has passed for a route, status and media type it is sent as it is.
 * The validator's hook on `res.json` calls the `res.json` it found once the body passed (or for
 * a status it does not check): that one records the body; the one installed after it skips the
 * validator for a body already recorded.
 */
function checkedOnce(validate: Middleware): Middleware {
  const passed = new WeakMap<object, Set<string>>();
  const checkOf = (req: Request, res: Response) =>
    `${req.method} ${(req as { openapi?: RouteMetadata }).openapi?.expressRoute} ${res.statusCode} ${String(res.get('Content-Type') ?? req.headers.accept)}`;
  return function responseMiddleware(req: Request, res: Response, next: NextFunction) {
    const send = res.json;
    res.json = function sendPassed(this: Response, body: unknown) {
      if (res.statusCode < 500 && isImmutable(body)) {
        const checks = passed.get(body as object) ?? new Set<string>();
        checks.add(checkOf(req, res));
        passed.set(body as object, checks);
      }
      return send.call(this, body);
    };
    return validate(req, res, (error?: unknown) => {
      const validated = res.json;
      res.json = function json(this: Response, body: unknown) {
        if (isImmutable(body) && passed.get(body as object)?.has(checkOf(req, res))) {
          res.json = send;
          return send.call(this, body);
        }
        return validated.call(this, body);
      };
      next(error);
    });
  } as Middleware;
}

/** Middlewares built once per key in the process (`sharedOpenApiValidator`). */
const shared = new Map<string, Middlewares>();

/**
 * `openApiValidator`, built once per `key` in the process: the servers of one process that
 * validate against the same document with the same settings share it, and with it the
 * validators it compiles. express-openapi-validator compiles a route's validators on the route's
 * first request (130–225 ms each), so a test suite that starts a server per test would otherwise
 * compile them again for every server. The key must name everything `options` and
 * `matchedOperation` depend on. Nothing in the middlewares belongs to one app: they read the
 * request, and the route parameters they would install on the first app are not used here (the
 * method gate decodes them).
 */
export function sharedOpenApiValidator(
  key: string,
  options: () => ValidatorOptions,
  matchedOperation?: MatchedOperation,
): Middlewares {
  let middlewares = shared.get(key);
  if (!middlewares) {
    middlewares = openApiValidator(options(), matchedOperation);
    shared.set(key, middlewares);
  }
  return middlewares;
}

interface RouteMetadata {
  expressRoute: string;
  openApiRoute: string;
  pathParams: Record<string, string>;
  schema: unknown;
  serial: number;
  _responseSchema?: unknown;
}

/**
 * The validator's metadata step walks every route of the document on each request (a regular
 * expression per path: linear in the document's size) to find what the server's route lookup has
 * already found. Its answer for an operation never changes but for the path parameters, so it is
 * asked once per operation and reused, with the parameters the server decoded. A path with a
 * percent escape still takes the validator's own step, which refuses a malformed one.
 */
function routeMetadataOnce(metadata: Middleware, matchedOperation: MatchedOperation): Middleware {
  const known = new Map<string, RouteMetadata>();
  return function metadataMiddleware(req: Request, res: Response, next: NextFunction) {
    const matched = matchedOperation(req, res);
    const operationId = matched?.operationId;
    const found = operationId === undefined ? undefined : known.get(operationId);
    // `req.url` holds the path: without a `%` in it, the path has none (reading `req.path` would
    // parse the URL).
    if (!found || req.url.includes('%')) {
      return metadata(req, res, (error?: unknown) => {
        const openapi = (req as { openapi?: RouteMetadata }).openapi;
        if (!error && operationId !== undefined && openapi?.schema && !known.has(operationId)) {
          known.set(operationId, openapi);
        }
        next(error);
      });
    }
    const pathParams = { ...matched?.params };
    // The operation's metadata, read through the prototype, with this request's parameters.
    const openapi = Object.create(found) as RouteMetadata;
    openapi.pathParams = pathParams;
    (req as { openapi?: RouteMetadata }).openapi = openapi;
    req.params = pathParams;
    next();
  } as Middleware;
}

/** Memoises the route compiler of express-openapi-validator's path-to-regexp (once per copy). */
function memoiseRouteCompiler(): void {
  const validatorRequire = createRequire(require.resolve('express-openapi-validator'));
  memoise(validatorRequire('path-to-regexp') as PathToRegexpModule);
  memoise(sharedPathToRegexp as unknown as PathToRegexpModule);
}

function memoise(module: PathToRegexpModule): void {
  const compile = module.pathToRegexp;
  if (compile.memoised) return;
  const compiled = new Map<string, unknown>();
  const memoised = (path: unknown, options: Record<string, unknown> = {}) => {
    const { sensitive, strict, ...rest } = options;
    if (typeof path !== 'string' || Object.keys(rest).length > 0) return compile(path, options);
    const key = `${sensitive ? 's' : '-'}${strict ? 's' : '-'}${path}`;
    let result = compiled.get(key);
    if (result === undefined) {
      result = compile(path, options);
      compiled.set(key, result);
    }
    return result;
  };
  module.pathToRegexp = Object.assign(memoised, { memoised: true as const });
}

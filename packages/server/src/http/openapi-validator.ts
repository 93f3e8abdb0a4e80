// express-openapi-validator 5.x finds a request's route by compiling every path template of the
// document with path-to-regexp, on every request: with 50 operations that was most of the cost of
// validation. The templates never change once the document is loaded, so the compiler the
// validator calls is memoised here, in the validator's own copy of path-to-regexp. Done from our
// code, it reaches everyone who installs the server (a patch of the dependency would reach only
// this workspace). The compiler is pure and its results are only read, so sharing them is safe.
import { createRequire } from 'node:module';
import * as OpenApiValidator from 'express-openapi-validator';
// The same file as the validator's copy where the install shares one (the server pins the
// version the validator resolves). A module loader with a registry of its own (jest's) hands the
// validator this instance, not the one in Node's cache, so both are memoised.
import sharedPathToRegexp from 'path-to-regexp';

type PathToRegexp = (path: unknown, options?: Record<string, unknown>) => unknown;

interface PathToRegexpModule {
  pathToRegexp: PathToRegexp & { memoised?: true };
}

const require = createRequire(import.meta.url);

export type ValidatorOptions = Parameters<typeof OpenApiValidator.middleware>[0];

/** express-openapi-validator's middleware, with its route compiler memoised. */
export function openApiValidator(
  options: ValidatorOptions,
): ReturnType<typeof OpenApiValidator.middleware> {
  memoiseRouteCompiler();
  return OpenApiValidator.middleware(options);
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

// express-openapi-validator's middlewares wait for its document on every request: each step is
// `pContext.then(() => step(req, res, next)).catch(next)`, so a request to a documented operation
// paid a promise, a `.catch` and a microtask per step (path parameters, security, multipart,
// request, response), about a tenth of a validated read's CPU time. The steps themselves are made
// once, by the validator's own factories, the first time its document is ready. Hooked on the
// validator's instance, the step each factory made is kept, and from then on called at once.
import type { NextFunction, Request, Response } from 'express';
import type * as OpenApiValidator from 'express-openapi-validator';

type Middlewares = ReturnType<typeof OpenApiValidator.middleware>;
type Middleware = Middlewares[number];
type Step = (req: Request, res: Response, next: NextFunction) => unknown;

/** The validator's instance as `installMiddleware` uses it: its options, and the factory of each
 * step, called (through `this`) when its document is ready. */
export interface SettlingValidator {
  options: { validateSecurity?: unknown };
  [factory: string]: unknown;
}

/** Each middleware `installMiddleware` returns (by its function's name) and the factory it calls
 * once the document is loaded. */
const factories: Record<string, string> = {
  metadataMiddleware: 'metadataMiddleware',
  multipartMiddleware: 'multipartMiddleware',
  securityMiddleware: 'securityMiddleware',
  requestMiddleware: 'requestValidationMiddleware',
  responseMiddleware: 'responseValidationMiddleware',
};

/**
 * `middlewares`, which `validator.installMiddleware` made, each calling the step its factory made
 * as soon as there is one (an error it throws goes to `next`, as the validator's `.catch(next)`
 * sends it). Before that, and for a middleware whose step is not known, the validator's own.
 * `pathParamsMiddleware` only installs `app.param` handlers on the first app it sees (then never
 * again) and throws the document's loading error: once it has passed without an error, it only
 * calls `next`; so does `securityMiddleware` then, when security is not validated (it makes no
 * step).
 */
export function settledMiddlewares(
  validator: SettlingValidator,
  middlewares: Middlewares,
): Middlewares {
  const made = new Map<string, Step>();
  for (const [name, factory] of Object.entries(factories)) {
    const build = validator[factory];
    if (typeof build !== 'function') continue;
    validator[factory] = function keep(this: unknown, ...args: unknown[]) {
      const step = (build as (...values: unknown[]) => Step).apply(this, args);
      made.set(name, step);
      return step;
    };
  }
  let loaded = false;
  const passes = !validator.options.validateSecurity;
  return middlewares.map((middleware) => {
    const { name } = middleware;
    if (name === 'pathParamsMiddleware') {
      return named(name, (req, res, next) => {
        if (loaded) {
          next();
          return;
        }
        return (middleware as Step)(req, res, (error?: unknown) => {
          if (error === undefined) loaded = true;
          next(error);
        });
      });
    }
    if (!(name in factories)) return middleware;
    return named(name, (req, res, next) => {
      const step = made.get(name);
      if (step) return direct(step, req, res, next);
      if (name === 'securityMiddleware' && passes && loaded) {
        next();
        return;
      }
      return (middleware as Step)(req, res, next);
    });
  });
}

/** `step` called now: what it throws, or a promise it answers rejects with, goes to `next`. A
 * later step's throw does not come back here: each step is called inside a handler of its own
 * (`sequence`, or Express's layers), which sends it on. */
function direct(step: Step, req: Request, res: Response, next: NextFunction): unknown {
  try {
    const result = step(req, res, next);
    if (result instanceof Promise) result.catch(next);
    return result;
  } catch (error) {
    next(error);
    return undefined;
  }
}

/** A middleware with the name of the validator's (the server tells them apart by name). */
const named = (name: string, step: Step): Middleware =>
  Object.defineProperty(step, 'name', { value: name }) as unknown as Middleware;

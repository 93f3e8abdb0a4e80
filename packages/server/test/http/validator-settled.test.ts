// Once express-openapi-validator's document is ready, its steps are called at once instead of
// after a promise per step: the same steps (made by its own factories), the same verdicts, errors
// still sent to `next`.
import type { NextFunction, Request, Response } from 'express';
import type * as OpenApiValidator from 'express-openapi-validator';
import { settledMiddlewares, type SettlingValidator } from '../../src/http/validator-settled.js';
import { startServer } from '../harness.js';

type Middlewares = ReturnType<typeof OpenApiValidator.middleware>;
type Step = (req: Request, res: Response, next: NextFunction) => unknown;

/** A validator made as express-openapi-validator 5.x makes its middlewares: each waits for the
 * document, then asks its factory (through the instance) for its step once. */
function validatorLike(options: { validateSecurity: unknown }) {
  const made: string[] = [];
  const validator: SettlingValidator & { installMiddleware(ready: Promise<void>): Middlewares } = {
    options,
    requestValidationMiddleware(): Step {
      made.push('request');
      return (req, _res, next) => {
        if ((req as { bad?: boolean }).bad) throw new Error('request/body must be object');
        next();
      };
    },
    installMiddleware(ready: Promise<void>): Middlewares {
      const self = this as unknown as Record<string, () => Step>;
      let request: Step | undefined;
      const steps: Step[] = [
        function pathParamsMiddleware(_req, _res, next) {
          return ready.then(() => next()).catch(next);
        },
        function securityMiddleware(_req, _res, next) {
          return ready.then(() => next()).catch(next);
        },
        function requestMiddleware(req, res, next) {
          return ready
            .then(() => {
              request ??= (self.requestValidationMiddleware as () => Step)();
              return request(req, res, next);
            })
            .catch(next);
        },
      ];
      return steps as unknown as Middlewares;
    },
  };
  return { validator, made };
}

/** Runs the steps in order as the pipeline's sequence does; answers what reached the end. */
function run(
  middlewares: Middlewares,
  req: object,
): { settled: Promise<unknown>; now: () => unknown } {
  let outcome: unknown = 'pending';
  const settled = new Promise((resolve) => {
    let index = 0;
    const next = (error?: unknown) => {
      if (error !== undefined || index === middlewares.length) {
        outcome = error ?? 'passed';
        resolve(outcome);
        return;
      }
      const step = middlewares[index++] as unknown as Step;
      step(req as Request, {} as Response, next);
    };
    next();
  });
  return { settled, now: () => outcome };
}

describe("the validator's steps once its document is ready", () => {
  it('are the same steps, called at once, with errors sent to next', async () => {
    const { validator, made } = validatorLike({ validateSecurity: false });
    const middlewares = settledMiddlewares(
      validator,
      validator.installMiddleware(Promise.resolve()),
    );
    expect(middlewares.map((middleware) => middleware.name)).toEqual([
      'pathParamsMiddleware',
      'securityMiddleware',
      'requestMiddleware',
    ]);

    const first = run(middlewares, {});
    expect(first.now()).toBe('pending'); // the document is awaited the first time
    expect(await first.settled).toBe('passed');

    const second = run(middlewares, {});
    expect(second.now()).toBe('passed'); // no promise waited for
    const refused = run(middlewares, { bad: true });
    expect(refused.now()).toEqual(new Error('request/body must be object'));
    expect(made).toEqual(['request']); // the factory's one step, reused
  });

  it('wait for the document while it fails to load', async () => {
    const { validator } = validatorLike({ validateSecurity: false });
    const failure = new Error('document failed to load');
    const failed = Promise.reject(failure);
    const middlewares = settledMiddlewares(validator, validator.installMiddleware(failed));
    for (let attempt = 0; attempt < 2; attempt++) {
      const request = run(middlewares, {});
      expect(await request.settled).toBe(failure);
    }
  });

  it('keep validating requests and answers of the server', async () => {
    const server = await startServer();
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const refused = await fetch(`${server.baseUrl}/v1/api/trsrv/stocks?symbols=aapl`);
        expect(refused.status).toBe(400);
        const answered = await fetch(`${server.baseUrl}/v1/api/trsrv/stocks?symbols=AAPL`);
        expect(answered.status).toBe(200);
      }
    } finally {
      await server.close();
    }
  });
});

// The validator cache (validator-cache.ts) fills as routes are first used: in a test run, every
// process that starts before it is full compiles the routes again (each jest file, each package's
// suite running at once), the costly part of a cold run. `warmValidatorCache` fills it in one
// process first: each operation's request and response validators compiled once, with the
// settings the server validates with (`operationValidatorOptions`). A user's suite calls it from
// jest's `globalSetup`; the workspace's test command runs it before the suites (the server's
// `warm` task).
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import express, { type NextFunction, type Request, type Response } from 'express';
import { deref, type OpenApiDocument } from '@brokerage/types/document-operations';
import { bundledDocument, documentOperations } from './document.js';
import { openApiValidator } from './openapi-validator.js';
import { operationValidatorOptions } from './pipeline.js';

/** A path of the operation's template with every parameter filled: the route is what matters. */
const concretePath = (template: string): string => template.replace(/\{[^}]+\}/g, '1');

/** An operation of the document, as far as the warm-up reads it. */
interface Operation {
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

/** The first media type a request body or a response (or a reference to one) documents. */
const firstMediaType = (document: OpenApiDocument, holder: unknown): string | undefined =>
  Object.keys(deref<{ content?: object }>(document, holder).content ?? {})[0];

/** A request that reaches the operation's body check, if it takes a body: the first media type
 * it documents (the body's validator is compiled per media type) and a body of it. */
function requestOf(
  document: OpenApiDocument,
  method: string,
  { requestBody }: Operation,
): { method: string; headers: Record<string, string>; body?: string } {
  const mediaType = requestBody === undefined ? undefined : firstMediaType(document, requestBody);
  if (mediaType === undefined) return { method: method.toUpperCase(), headers: {} };
  return {
    method: method.toUpperCase(),
    headers: { 'content-type': mediaType },
    body: mediaType === 'application/json' ? '{}' : 'x',
  };
}

/** The statuses the operation documents, each with its first media type: a status's validator
 * is compiled when the status is first answered. An informational status (the socket
 * handshake's 101) has no body to check, and an HTTP client cannot take it as an answer. */
const answersOf = (
  document: OpenApiDocument,
  { responses }: Operation,
): [string, string | undefined][] =>
  Object.entries(responses ?? {})
    .filter(([status]) => /^[2-5]\d{2}$/.test(status))
    .map(([status, response]) => [status, firstMediaType(document, response)]);

/** Request headers naming the answer the warm-up's handler gives. */
const warmStatus = 'x-warm-status';
const warmType = 'x-warm-type';

export interface WarmOptions {
  /** Only these operations (every operation of the document by default). */
  operationIds?: readonly string[];
  /** Threads to compile in, each given a share of the operations: 1 (the default) compiles in
   * this thread; `cores` as many as the machine has, up to 4 (each holds its own validator,
   * 200–450 MB). Threads run the package's build (`dist/`), as an installed copy has it. */
  threads?: number | 'cores';
}

/**
 * Compiles the validators of every operation of the document into the validator cache (a no-op
 * where the cache is off: `BROKERAGE_VALIDATOR_CACHE=off`). A request to each operation goes
 * through a validator of the server's settings (the same settings find the same entries) on a
 * loopback port, its answers' check moved before its requests' check: a request compiles its
 * route's request validators whether it passes or not, and its answer, once per documented
 * status, the response validators. Answers the number of operations warmed.
 */
export async function warmValidatorCache(options: WarmOptions = {}): Promise<number> {
  const operations = documentOperations().filter(
    ({ operationId }) => !options.operationIds || options.operationIds.includes(operationId),
  );
  const threads =
    options.threads === 'cores' ? Math.min(availableParallelism(), 4) : (options.threads ?? 1);
  if (!Number.isInteger(threads) || threads < 1) {
    throw new RangeError(`threads must be a whole number from 1, or 'cores': got ${threads}`);
  }
  if (threads === 1) return warmHere(operations);
  // Operations dealt in turn: neighbours in the document are often alike in size.
  const shares = Array.from({ length: threads }, (_, index) =>
    operations.filter((_, position) => position % threads === index),
  ).filter((share) => share.length > 0);
  const warmed = await Promise.all(
    shares.map((share) => warmInThread(share.map(({ operationId }) => operationId))),
  );
  return warmed.reduce((sum, count) => sum + count, 0);
}

/** The thread's entry point in the package's build, from this module in `src/` or in `dist/`. */
const threadEntry = new URL('../../dist/http/validator-warm-thread.js', import.meta.url);

function warmInThread(operationIds: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    // The caller's environment as it sees it (the cache's folder): a test runner's sandboxed
    // `process.env` is not the one a thread copies by default.
    const worker = new Worker(threadEntry, {
      workerData: { operationIds },
      env: { ...process.env },
    });
    worker.once('message', (count: number) => resolve(count));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`a validator warm-up thread exited with code ${code}`));
    });
  });
}

async function warmHere(operations: ReturnType<typeof documentOperations>): Promise<number> {
  const document = bundledDocument.read();
  const options = operationValidatorOptions(bundledDocument, {
    validateRequests: true,
    validateResponses: true,
  });
  const middlewares = openApiValidator(options);
  const answers = middlewares.filter(({ name }) => name === 'responseMiddleware');
  const app = express();
  app.use(express.json());
  // The answers' check before the requests': its hook on `res.json` sees the refusals too.
  for (const middleware of middlewares) {
    if (middleware.name === 'requestMiddleware') app.use(...answers, middleware);
    else if (middleware.name !== 'responseMiddleware') app.use(middleware);
  }
  // The answer, in the status and media type the request asks for, only has to reach the check,
  // which has compiled that status's validator by the time it refuses the answer (this body
  // matches few schemas). Its refusal comes to the handler after the one that answered (the
  // router goes on from there): expected, it ends.
  const answer = (req: Request, res: Response) => {
    const type = req.get(warmType);
    if (type !== undefined) res.type(type);
    res.status(Number(req.get(warmStatus))).json({ error: 'warm-up' });
  };
  app.use((req: Request, res: Response) => answer(req, res));
  app.use((_error: unknown, req: Request, res: Response, _next: NextFunction) => answer(req, res));
  app.use((_error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    res.end();
  });
  const listener: Server = await new Promise((resolve) => {
    const started = app.listen(0, '127.0.0.1', () => resolve(started));
  });
  const baseUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  try {
    for (const { method, path } of operations) {
      const operation = deref<Operation>(document, document.paths[path]?.[method]);
      const request = requestOf(document, method, operation);
      for (const [status, mediaType] of answersOf(document, operation)) {
        const headers = {
          ...request.headers,
          [warmStatus]: status,
          ...(mediaType === undefined ? {} : { [warmType]: mediaType }),
        };
        const response = await fetch(baseUrl + concretePath(path), { ...request, headers });
        await response.arrayBuffer();
      }
    }
    return operations.length;
  } finally {
    await new Promise((resolve) => listener.close(resolve));
  }
}

import express, {
  type ErrorRequestHandler,
  type Express,
  type NextFunction,
  type Request,
  type RequestHandler,
} from 'express';
import { unavailable } from '../domain/kernel/errors.js';
import type { DocumentSource, OperationInfo } from './document.js';
import { numericParameters } from './numeric-parameters.js';
import { emptyPathParameters } from './empty-parameters.js';
import {
  answerFor,
  emptyBody,
  hasNoBody,
  isUnexpected,
  nonFiniteParameter,
  sendError,
} from './error-response.js';
import { methodGate } from './method-gate.js';
import { hintHeader, requestHints, type RequestHint } from './hints/hints.js';
import type { OperationCore } from './operation-core.js';
import type { Clock } from '../domain/kernel/clock.js';
import type { SessionGateOptions } from './session-gate.js';
import {
  sharedOpenApiValidator,
  type MatchedOperation,
  type ValidatorOptions,
} from './openapi-validator.js';
import { takesMultipart } from './validator-document.js';
import { validatorSpec } from './validator-spec.js';
import { sequence } from './sequence.js';
import { BinaryBody } from './binary-body.js';
import type { PipelineResponse } from './request-locals.js';
import { withBody } from './with-body.js';
import { requestDeadlines, settle } from './request-deadlines.js';
import { ExpressReply, ExpressRequest } from './express-request.js';
import { enterDirectly } from './app-entry.js';

/** What the request pipeline is made of. */
export interface PipelineOptions {
  /** The document's operations, the more specific routes first. */
  operations: OperationInfo[];
  /** The bundled document, read when first needed. */
  document: DocumentSource;
  /** The framework-neutral steps of each request (gate, dispatch). */
  core: OperationCore;
  clock: Clock;
  gate: SessionGateOptions;
  requestTimeoutMs: number;
  /** Largest request body; a larger one answers 413. */
  bodyLimitBytes: number;
  validateRequests: boolean;
  validateResponses: boolean;
  /** Routes outside the document that need parsed bodies (the OAuth and portal pages). */
  pages: express.Router;
  /** Routes outside the document that parse what they need themselves (health, docs, the
   * control API): tried before any body is parsed, and never for a documented operation. */
  outside: RequestHandler;
  /** Steps every request takes first (request logging, the MCP token grants). */
  front: RequestHandler[];
}

/** Every request's path, as the app's one middleware and its one error handler: the steps every
 * request takes first, then the method gate (which finds the operation and its path parameters,
 * once), the gate (timer, session, pacing), body parsing, validation, the handler, and 404 for
 * anything else; errors in the operation's shape. Each step reads the operation the method gate
 * found, so that a request does not walk a route per operation, and a request to an operation
 * skips the routes outside the document. The app is entered without the router's walk
 * (`enterDirectly`). */
export function mountPipeline(app: Express, options: PipelineOptions): void {
  const { outside } = options;
  const steps = sequence([
    ...options.front,
    methodGate(options.operations),
    outsideTheDocument(outside),
    // Form bodies are parsed before the gate: OAuth 1.0a signs their parameters.
    withBody(express.urlencoded({ extended: false, limit: options.bodyLimitBytes })),
    gate(options),
    ...bodyParsingAndValidation(options),
    dispatch(options),
    notFound,
  ]);
  const errors = answerErrors(requestHints(options.operations, options.document.read));
  app.use(steps);
  app.use(errors);
  enterDirectly(app, steps, errors);
}

/** `routes`, which serve paths outside the document, tried only for a request the method gate
 * found no operation for. */
const outsideTheDocument =
  (routes: RequestHandler): RequestHandler =>
  (req: Request, res: PipelineResponse, next: NextFunction) => {
    if (res.locals.operation) next();
    else routes(req, res, next);
  };

/** The operation the method gate matched, for the validator. */
const matchedOperation: MatchedOperation = (_req, res: PipelineResponse) => {
  const { operation, params = {} } = res.locals;
  return operation && { operationId: operation.operationId, params };
};

/** Before validation: the request timer, then the core's gate (credentials or session, pacing),
 * so that a request with no credentials answers 401 and one over the limit 429, whatever its
 * content. */
function gate({ clock, requestTimeoutMs, core }: PipelineOptions): RequestHandler {
  const deadlines = requestDeadlines(clock, requestTimeoutMs);
  return async (req: Request, res: PipelineResponse, next: NextFunction) => {
    const { operation } = res.locals;
    if (!operation) {
      next();
      return;
    }
    // Express computes `req.ip` (through the trust setting) on each read: once per request.
    const ip = req.ip;
    res.locals.ip = ip ?? '';
    const deadline = deadlines.start(() => {
      if (!res.headersSent) {
        sendError(
          res,
          answerFor(
            unavailable(`Request aborted after ${requestTimeoutMs / 1000} seconds`),
            operation,
          ),
          operation,
          req.path,
        );
      }
    });
    let done: (() => void) | undefined;
    res.once('close', () => {
      settle(deadline);
      done?.();
    });
    try {
      const admission = await core.admit(operation, {
        method: req.method,
        url: req.originalUrl,
        headers: req.headers,
        body: req.body,
        ip,
      });
      res.locals.admitted = admission.admitted;
      // The answer may have been sent meanwhile (timed out): its place is freed at once.
      if (res.closed) admission.done();
      else done = admission.done;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** JSON bodies, the pages outside the document, the required-body check, empty path parameters,
 * and express-openapi-validator. */
function bodyParsingAndValidation({
  operations,
  gate,
  pages,
  document,
  bodyLimitBytes,
  validateRequests,
  validateResponses,
}: PipelineOptions): RequestHandler[] {
  const steps: RequestHandler[] = [
    // JSON bodies are parsed after the gate, so that a malformed one is answered in the shape and
    // with the invalid-request status of its operation (and after its credentials were checked).
    withBody(express.json({ limit: bodyLimitBytes, type: ['application/json', '+json'] })),
    // A signed-JWT body (the signed-JWT security policy) is the compact token as text; the tax
    // vouchers' is documented as `text/plain`, the only operation whose body is plain text.
    withBody(express.text({ limit: bodyLimitBytes, type: ['application/jwt', 'text/plain'] })),
    // The pages are routes outside the document: a request to an operation skips their router.
    outsideTheDocument(pages),
    (req: Request, res: PipelineResponse, next: NextFunction) => {
      const { operation } = res.locals;
      next(operation?.bodyRequired && hasNoBody(req) ? emptyBody() : undefined);
    },
    // A URL with an empty path parameter (`/v1/api/acesws//signatures-and-owners`) matches no
    // route above: answer the service's 400 `Bad Request: <name> needed` instead of the
    // validator's 404.
    emptyPathParameters(operations, gate),
    // `?page=` is no page, `?page=%20`, `/positions/0x10` no number: numeric path and query
    // values are read before the validator would coerce them (blanks to 0, hex, `Infinity`).
    (req: Request, res: PipelineResponse, next: NextFunction) => {
      const { operation } = res.locals;
      if (operation && operation.numericParameters.length > 0) {
        numericParameters(res.locals.params ?? {}, operation.numericParameters, 'path');
        const query = numericParameters(req.query, operation.numericParameters, 'query');
        // Express 5 computes `req.query` on each read: an own property replaces it.
        if (query !== req.query)
          Object.defineProperty(req, 'query', { value: query, writable: true });
      }
      next();
    },
  ];
  if (validateRequests || validateResponses) {
    steps.push(
      // Every server of the process answers the one bundled document (`loadDocument`).
      ...sharedOpenApiValidator(
        `operations requests:${validateRequests} responses:${validateResponses}`,
        () => operationValidatorOptions(document, { validateRequests, validateResponses }),
        matchedOperation,
      ),
    );
  }
  // The validator coerces `1e999` to Infinity and lets it through `minimum`/`maximum`.
  steps.push((req: Request, _res: PipelineResponse, next: NextFunction) => {
    next(nonFiniteParameter(req));
  });
  return steps;
}

/** The validator's settings for the document's operations: also those the validator cache is
 * warmed with (`warmValidatorCache`), as a cached validator is found by them. */
export function operationValidatorOptions(
  document: DocumentSource,
  {
    validateRequests,
    validateResponses,
  }: { validateRequests: boolean; validateResponses: boolean },
): ValidatorOptions {
  const spec = validatorSpec(document);
  return {
    apiSpec: spec as ValidatorOptions['apiSpec'],
    // Without a multipart body in the document, the validator's multipart step (and the Ajv
    // instance it builds) does nothing.
    fileUploader: takesMultipart(spec) ? {} : false,
    validateRequests: validateRequests ? { allErrors: true } : false,
    validateResponses: validateResponses ? { allErrors: true } : false,
    validateSecurity: false,
    validateApiSpec: false,
    ignorePaths: /^\/(docs|openapi\.(json|yaml)|health|ready|control)(\/|$)/,
  };
}

/** The core's dispatch of each operation (injected faults and latency, then the handler); it
 * answers the handler's status (200 unless the operation documents another success status). */
function dispatch({ core }: PipelineOptions): RequestHandler {
  return async (req: Request, res: PipelineResponse, next: NextFunction) => {
    // The gate records what it admitted a request to an operation with, or answers it.
    const { operation, admitted } = res.locals;
    if (!operation || !admitted) {
      next();
      return;
    }
    try {
      const request = new ExpressRequest(req, res);
      const answer = await core.dispatch(
        operation,
        request,
        admitted,
        new ExpressReply(res),
        () => res.headersSent,
      );
      if (!answer || res.headersSent) return;
      if (answer.body instanceof BinaryBody)
        res
          .status(answer.status)
          .type(answer.body.contentType)
          .send(Buffer.from(answer.body.bytes));
      else res.status(answer.status).json(answer.body);
    } catch (error) {
      next(error);
    }
  };
}

/** The last step: nothing before it answered. */
const notFound = (req: Request, _res: PipelineResponse, next: NextFunction): void => {
  next(Object.assign(new Error('not found'), { status: 404, path: req.path }));
};

/** Every error answered with the status and body shape the document gives for the operation
 * (DomainError kinds, validation failures), and, where the request deviates from the document in
 * a way a hint explains, the hint in its header (the body stays the service's). */
function answerErrors(hint: RequestHint): ErrorRequestHandler {
  return (error: unknown, req: Request, res: PipelineResponse, _next: NextFunction) => {
    const { operation } = res.locals;
    const answer = answerFor(error, operation);
    // A refused request (domain rule, validation) is the client's: the access log's one line
    // says so. Only an unexpected failure is logged with its stack.
    if (isUnexpected(error)) {
      req.log.error({ err: error, operationId: operation?.operationId }, 'request failed');
    }
    if (res.headersSent) return;
    const deviation = hint(error, operation, req);
    if (deviation !== undefined) res.setHeader(hintHeader, deviation);
    sendError(res, answer, operation, req.path);
  };
}

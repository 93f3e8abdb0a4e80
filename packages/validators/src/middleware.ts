// Validation of another service's traffic against chosen operations: a framework-agnostic check
// and an Express middleware over it.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { OperationId } from '@brokerage/types';
import type { ValidationError } from './errors.js';
import { operationValidators } from './generated/catalog.js';
import { routeMatcher } from './routes.js';
import { validateRequest, validateResponse, type RequestResult } from './validate.js';

export interface HttpRequestLike {
  method: string;
  /** The URL path (a query string after `?` is read too when `query` is not given). */
  path: string;
  query?: Record<string, unknown>;
  headers?: Record<string, unknown>;
  body?: unknown;
}

export interface CheckedRequest extends RequestResult {
  operationId: OperationId;
}

function queryOf(url: string): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  const search = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  for (const [key, value] of new URLSearchParams(search)) {
    const previous = query[key];
    query[key] = previous === undefined ? value : [previous, value].flat();
  }
  return query;
}

const contentTypeOf = (headers: Record<string, unknown> | undefined): string | undefined => {
  const found = Object.entries(headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'content-type',
  );
  return typeof found?.[1] === 'string' ? found[1] : undefined;
};

/** A checker for requests of some operations (all by default). */
export function requestChecker(
  operations: readonly OperationId[] = Object.keys(operationValidators) as OperationId[],
) {
  const match = routeMatcher(operations.map((id) => operationValidators[id]));
  /** Validates a request, or answers undefined when no chosen operation has this method and path. */
  return (request: HttpRequestLike): CheckedRequest | undefined => {
    const [path = ''] = request.path.split('?');
    const found = match(request.method, path);
    if (!found) return undefined;
    const contentType = contentTypeOf(request.headers);
    const result = validateRequest(found.operation.operationId, {
      params: found.params,
      query: request.query ?? queryOf(request.path),
      headers: request.headers ?? {},
      body: request.body,
      ...(contentType ? { contentType } : {}),
    });
    return { ...result, operationId: found.operation.operationId };
  };
}

/** Validates a request against every operation of the document: `checkRequest({method, path, query, headers, body})`. */
export const checkRequest = requestChecker();

/** Validates a response of an operation (an alias of validateResponse for symmetry). */
export const checkResponse = validateResponse;

/** Thrown (passed to `next`) when a request or a response does not match the document. */
export class ValidationFailed extends Error {
  constructor(
    readonly status: number,
    readonly direction: 'request' | 'response',
    readonly operationId: OperationId,
    readonly errors: ValidationError[],
  ) {
    super(
      `${direction} of ${operationId} does not match the document: ${errors.map((e) => e.message).join('; ')}`,
    );
    this.name = 'ValidationFailed';
  }
}

export interface ValidateWithOptions {
  /** The operations to validate (default: all); requests of other operations pass untouched. */
  operations?: readonly OperationId[];
  /** Validate incoming requests (default true): an invalid one goes to `next(ValidationFailed)` with status 400. */
  requests?: boolean;
  /** Validate outgoing JSON responses (default false). */
  responses?: boolean;
  /** Called with an invalid response; without it the response is replaced by a 500 with the errors. */
  onInvalidResponse?: (error: ValidationFailed, req: Request, res: Response) => void;
}

/** Express middleware validating requests and/or responses of the chosen operations. */
export function validateWith(options: ValidateWithOptions = {}): RequestHandler {
  const check = requestChecker(options.operations);
  const validateRequests = options.requests ?? true;
  const validateResponses = options.responses ?? false;
  return (req: Request, res: Response, next: NextFunction) => {
    // req.path is relative to where the middleware is mounted: a service may serve the API under a prefix.
    const checked = check({
      method: req.method,
      path: req.path,
      query: req.query as Record<string, unknown>,
      headers: req.headers,
      body: req.body,
    });
    if (!checked) {
      next();
      return;
    }
    if (validateRequests && !checked.valid) {
      next(new ValidationFailed(400, 'request', checked.operationId, checked.errors));
      return;
    }
    if (validateResponses) {
      const send = res.json.bind(res);
      res.json = (body: unknown) => {
        const result = validateResponse(
          checked.operationId,
          res.statusCode,
          body,
          String(res.getHeader('content-type') ?? ''),
        );
        if (result.valid) return send(body);
        const failure = new ValidationFailed(500, 'response', checked.operationId, result.errors);
        if (options.onInvalidResponse) {
          options.onInvalidResponse(failure, req, res);
          return send(body);
        }
        res.status(500);
        return send({ error: failure.message, errors: failure.errors });
      };
    }
    next();
  };
}

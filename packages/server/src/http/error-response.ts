import type { Response } from 'express';
import { protocolStatuses, shapeStatusOf } from '@brokerage/types';
import { DomainError, type DomainErrorKind } from '../domain/kernel/errors.js';
import type { ErrorShape, OperationInfo } from './document.js';
import { statusTexts } from './status-texts.js';

const statusOfKind: Record<DomainErrorKind, number> = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  rejected: 500,
  unprocessable: 422,
  tooLarge: 413,
  rateLimited: 429,
  unavailable: 503,
};

/** The largest request body the server reads (1 MiB); a larger one answers 413. */
export const defaultBodyLimitBytes = 1024 * 1024;

export interface ErrorAnswer {
  status: number;
  message: string;
  retryAfterSeconds?: number;
}

interface ValidatorError {
  status: number;
  message: string;
  path?: string;
  errors?: { path: string; message: string }[];
}

function isValidatorError(error: unknown): error is ValidatorError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as ValidatorError).status === 'number'
  );
}

/** An error that no rule or validation explains: a fault of the server, logged with its stack. */
export function isUnexpected(error: unknown): boolean {
  return !(error instanceof DomainError) && !isValidatorError(error);
}

/** A request without the body its operation requires: the service says so in these words. */
export const emptyBody = () => Object.assign(new Error("body can't be empty"), { status: 400 });

export function hasNoBody(request: {
  body?: unknown;
  headers: Record<string, string | string[] | undefined>;
}): boolean {
  return request.body === undefined || request.headers['content-length'] === '0';
}

/** A query or path parameter that validation coerced to a non-finite number: a validation
 * failure (400, or the operation's invalid-request status), or undefined when there is none. */
export function nonFiniteParameter(request: {
  query?: Record<string, unknown>;
  params?: Record<string, unknown>;
}): Error | undefined {
  for (const [location, values] of [
    ['query', request.query],
    ['path', request.params],
  ] as const) {
    for (const [name, value] of Object.entries(values ?? {})) {
      if (typeof value === 'number' && !Number.isFinite(value)) {
        return Object.assign(new Error(`request/${location}/${name} must be a finite number`), {
          status: 400,
        });
      }
    }
  }
  return undefined;
}

/** The status and message an error answers with, for an operation (or none: unknown route). */
export function answerFor(error: unknown, operation: OperationInfo | undefined): ErrorAnswer {
  if (error instanceof DomainError) {
    return {
      status: statusOfKind[error.kind],
      message: error.message,
      ...(error.retryAfterSeconds === undefined
        ? {}
        : { retryAfterSeconds: error.retryAfterSeconds }),
    };
  }
  if (isValidatorError(error)) {
    const isResponseError =
      error.status === 500 && /\.response|response\//.test(error.message + (error.path ?? ''));
    if (isResponseError)
      return { status: 500, message: `Response does not match the document: ${error.message}` };
    if (error.status === 404 || protocolStatuses.has(error.status)) {
      return { status: error.status, message: statusTexts[error.status] ?? 'Error' };
    }
    if (error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403) {
      // A request that fails validation (400, 413 body too large, 415 media type, malformed JSON).
      return {
        status: operation?.invalidRequestStatus ?? 400,
        message: `Bad Request: ${error.message}`,
      };
    }
    return { status: error.status, message: error.message };
  }
  return { status: 500, message: 'Internal Server Error' };
}

function bodyFor(shape: ErrorShape, status: number, message: string, instance: string) {
  switch (shape) {
    case 'errorOnly':
      return { contentType: 'application/json', body: { error: message } };
    case 'problem':
      return {
        contentType: 'application/problem+json',
        body: {
          type: 'about:blank',
          title: statusTexts[status] ?? 'Error',
          status,
          detail: message,
          instance,
        },
      };
    case 'errorObject':
      return { contentType: 'application/json', body: { error: message, statusCode: status } };
    case 'statusError': {
      // The status's name in `error` (a 400 adds what is wrong), the sentence in `message`.
      const name = statusTexts[status] ?? 'Error';
      const detail = message.startsWith(`${name}: `) ? message.slice(name.length + 2) : message;
      const error = status === 400 ? `${name}: ${detail}` : name;
      return { contentType: 'application/json', body: { status, error, message: detail } };
    }
  }
}

/** An error answer, ready to send: status, media type, the serialised body, and `Retry-After`. */
export interface ErrorReply {
  status: number;
  contentType: string;
  body: string;
  retryAfterSeconds?: number;
}

/** The error answer in the body shape the document gives for this operation and status. A status
 * the operation does not document falls back to its 500, so the answer stays within the contract. */
export function errorReply(
  answer: ErrorAnswer,
  operation: OperationInfo | undefined,
  path: string,
): ErrorReply {
  let { status } = answer;
  let shape: ErrorShape = 'errorObject';
  if (operation) {
    // An undocumented status falls back to 500; protocol statuses keep theirs.
    const shapeStatus = shapeStatusOf(status, (documented) => operation.errors.has(documented));
    if (shapeStatus === undefined) status = 500;
    shape = operation.errors.get(shapeStatus ?? 500) ?? 'errorObject';
  }
  const { contentType, body } = bodyFor(shape, status, answer.message, path);
  return {
    status,
    contentType,
    body: JSON.stringify(body),
    ...(answer.retryAfterSeconds === undefined
      ? {}
      : { retryAfterSeconds: answer.retryAfterSeconds }),
  };
}

/** Sends an error answer (`errorReply`) with Express. */
export function sendError(
  res: Response,
  answer: ErrorAnswer,
  operation: OperationInfo | undefined,
  path: string,
): void {
  const reply = errorReply(answer, operation, path);
  if (reply.retryAfterSeconds !== undefined)
    res.setHeader('Retry-After', String(reply.retryAfterSeconds));
  res.status(reply.status).type(reply.contentType).send(reply.body);
}

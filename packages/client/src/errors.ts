import type { Schema } from '@brokerage/types';

export type ErrorObject = Schema<'ErrorObject'>;
export type ErrorOnly = Schema<'ErrorOnly'>;
export type ProblemDetails = Schema<'ProblemDetails'>;

/** An error body as the service sends it, told apart by its shape. */
export type ErrorBody =
  | { kind: 'errorObject'; value: ErrorObject }
  | { kind: 'errorOnly'; value: ErrorOnly }
  | { kind: 'problem'; value: ProblemDetails }
  | { kind: 'unknown'; value: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Classifies a parsed error body (JSON already parsed, or the raw text). */
export function parseErrorBody(value: unknown): ErrorBody {
  if (isRecord(value)) {
    if (typeof value.error === 'string' && typeof value.statusCode === 'number') {
      return { kind: 'errorObject', value: value as ErrorObject };
    }
    if (typeof value.error === 'string') return { kind: 'errorOnly', value: value as ErrorOnly };
    if (
      typeof value.title === 'string' &&
      typeof value.status === 'number' &&
      typeof value.type === 'string'
    ) {
      return { kind: 'problem', value: value as ProblemDetails };
    }
  }
  return { kind: 'unknown', value };
}

function messageOf(body: ErrorBody): string | undefined {
  switch (body.kind) {
    case 'errorObject':
    case 'errorOnly':
      return body.value.error;
    case 'problem':
      return body.value.detail ?? body.value.title;
    case 'unknown':
      return typeof body.value === 'string' && body.value !== ''
        ? body.value.slice(0, 200)
        : undefined;
  }
}

/** Every error this client raises. `operation` is the operationId (or "METHOD /path"). */
export class BrokerageError extends Error {
  constructor(
    message: string,
    readonly operation: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The service answered with an error status. */
export class BrokerageApiError extends BrokerageError {
  readonly body: ErrorBody;

  constructor(
    readonly status: number,
    operation: string,
    body: unknown,
  ) {
    const parsed = parseErrorBody(body);
    super(
      `${operation} answered ${status}${messageOf(parsed) ? `: ${messageOf(parsed)}` : ''}`,
      operation,
    );
    this.body = parsed;
  }

  /** The service's reason (`error`, or the problem's `detail`/`title`), when the body has one. */
  get reason(): string | undefined {
    return messageOf(this.body);
  }
}

/** No answer within the request timeout; the request was aborted. */
export class RequestTimeoutError extends BrokerageError {
  constructor(
    operation: string,
    readonly timeoutMs: number,
  ) {
    super(`${operation} got no answer within ${timeoutMs} ms`, operation);
  }
}

/** `instanceof` with an optional status: `isApiError(error, 429)`. */
export function isApiError(error: unknown, status?: number): error is BrokerageApiError {
  return error instanceof BrokerageApiError && (status === undefined || error.status === status);
}

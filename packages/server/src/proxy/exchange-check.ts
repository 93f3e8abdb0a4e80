// One exchange through the proxy, checked against the document with the generated validators:
// the request as the client sent it, the response as the upstream answered it. The proxy keeps a
// bounded copy of each body; a body it could not read whole (too large, too deep) is not checked,
// and says so.
import { brotliDecompressSync, gunzipSync, inflateSync, type ZlibOptions } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import type { OperationId } from '@brokerage/types';
import { checkRequest, validateResponse, type ValidationError } from '@brokerage/validators';
import { defaultCheckLimits, type CheckLimits } from './check-limits.js';
import { nestsDeeperThan } from './json-depth.js';

export interface Exchange {
  method: string;
  /** Path and query, as the client sent them. */
  url: string;
  requestHeaders: IncomingHttpHeaders;
  /** The request's bytes, or their first ones when `requestSize` is larger. */
  requestBody: Buffer;
  /** The request body's size as sent (default: the length of `requestBody`). */
  requestSize?: number;
  status: number;
  responseHeaders: IncomingHttpHeaders;
  /** The response's bytes as the upstream sent them (possibly compressed), or their first ones. */
  responseBody: Buffer;
  /** The response body's size as sent (default: the length of `responseBody`). */
  responseSize?: number;
}

interface Where {
  /** The operation the request is for; null when the document has no such route. */
  operationId: OperationId | null;
  method: string;
  path: string;
  direction: 'request' | 'response';
  /** The response's status (also for request lines: what the upstream answered). */
  status: number;
}

/** One way an exchange breaks the document: a line of the proxy's NDJSON report. */
export interface Violation extends Where {
  location: string | null;
  pointer: string;
  rule: string;
  expected: unknown;
  actual: unknown;
  message: string;
}

/** Why a part of an exchange was not checked. */
export type UncheckedReason =
  'too large to check' | 'too deep to check' | 'check failed' | 'no answer' | 'answer cut short';

/** A part of an exchange the proxy could not check: a line of the report too, never a gap. */
export interface Unchecked extends Where {
  reason: UncheckedReason;
  /** The body's size in bytes as sent, where the body is the reason. */
  size?: number;
  message: string;
}

const header = (headers: IncomingHttpHeaders, name: string): string =>
  String(headers[name] ?? '').toLowerCase();

const decoders: Record<string, (body: Buffer, options: ZlibOptions) => Buffer> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  br: brotliDecompressSync,
  deflate: inflateSync,
};

type Read =
  | { kind: 'value'; value: unknown }
  | { kind: 'invalid'; error: ValidationError }
  | { kind: 'unchecked'; reason: UncheckedReason; size?: number; message: string };

const bodyError = (rule: string, expected: string, message: string): Read => ({
  kind: 'invalid',
  error: { pointer: '', rule, expected, actual: 'unparseable', message, location: 'body' },
});

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A body as the validators take it: JSON parsed when the media type is JSON (else undefined),
 * unless it is larger or deeper than the limits, which the check never reads past. */
function readBody(
  bytes: Buffer,
  size: number,
  headers: IncomingHttpHeaders,
  limits: CheckLimits,
): Read {
  if (size > bytes.length) {
    return {
      kind: 'unchecked',
      reason: 'too large to check',
      size,
      message: `body of ${size} bytes, more than the ${limits.maxBytes} the check reads`,
    };
  }
  if (size === 0 || !/[/+]json\b/.test(header(headers, 'content-type'))) {
    return { kind: 'value', value: undefined };
  }
  const encoding = header(headers, 'content-encoding');
  const decode = decoders[encoding];
  let text = bytes;
  if (decode) {
    try {
      text = decode(bytes, { maxOutputLength: limits.maxBytes });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        return {
          kind: 'unchecked',
          reason: 'too large to check',
          size,
          message: `body of ${size} bytes (${encoding}), more than ${limits.maxBytes} bytes once decoded, more than the check reads`,
        };
      }
      return bodyError('encoding', encoding, `body: not ${encoding}: ${errorText(error)}`);
    }
  }
  if (nestsDeeperThan(text, limits.maxDepth)) {
    return {
      kind: 'unchecked',
      reason: 'too deep to check',
      size,
      message: `body nests more than ${limits.maxDepth} levels deep, deeper than the check reads`,
    };
  }
  try {
    return { kind: 'value', value: JSON.parse(text.toString('utf8')) };
  } catch (error) {
    return bodyError('json', 'JSON', `body: ${errorText(error)}`);
  }
}

/** Why the response cannot be checked, when the proxy knows it before the check. */
export type ResponseProblem = Pick<Unchecked, 'reason' | 'size' | 'message'>;

export interface CheckedExchange {
  /** The operation of the document the request is for, null when none has its method and path. */
  operationId: OperationId | null;
  /** Every way the exchange breaks the document (none when it agrees). */
  violations: Violation[];
  /** The parts the check could not read (none when it read both bodies whole). */
  unchecked: Unchecked[];
}

/** Checks the request, and the response unless there is a `responseProblem` (no answer, an
 * answer cut short), which is reported instead. */
export function checkExchange(
  exchange: Exchange,
  limits: CheckLimits = defaultCheckLimits,
  responseProblem?: ResponseProblem,
): CheckedExchange {
  const [path = ''] = exchange.url.split('?');
  const base = { method: exchange.method, path, status: exchange.status };
  const request = readBody(
    exchange.requestBody,
    exchange.requestSize ?? exchange.requestBody.length,
    exchange.requestHeaders,
    limits,
  );
  const checked = checkRequest({
    method: exchange.method,
    path: exchange.url,
    headers: exchange.requestHeaders,
    body: request.kind === 'value' ? request.value : undefined,
  });
  if (!checked) {
    const violation: Violation = {
      ...base,
      operationId: null,
      direction: 'request',
      location: null,
      pointer: '',
      rule: 'route',
      expected: 'an operation of the document',
      actual: `${exchange.method} ${path}`,
      message: `${exchange.method} ${path} is not an operation of the document`,
    };
    return { operationId: null, violations: [violation], unchecked: [] };
  }
  const { operationId } = checked;
  const violations: Violation[] = [];
  const unchecked: Unchecked[] = [];
  const report = (direction: Where['direction'], read: Read, errors: () => ValidationError[]) => {
    const where = { ...base, operationId, direction };
    if (read.kind === 'unchecked') {
      const { reason, size, message } = read;
      unchecked.push({ ...where, reason, ...(size === undefined ? {} : { size }), message });
    }
    const found = read.kind === 'invalid' ? [read.error] : errors();
    for (const error of found) {
      violations.push({
        ...where,
        location: error.location ?? null,
        pointer: error.pointer,
        rule: error.rule,
        expected: error.expected,
        actual: error.actual,
        message: error.message,
      });
    }
  };
  // A body the check did not read is not "missing": its own errors are left out.
  report('request', request, () =>
    request.kind === 'value'
      ? checked.errors
      : checked.errors.filter((error) => error.location !== 'body'),
  );
  const contentType = header(exchange.responseHeaders, 'content-type');
  const response: Read = responseProblem
    ? { kind: 'unchecked', ...responseProblem }
    : readBody(
        exchange.responseBody,
        exchange.responseSize ?? exchange.responseBody.length,
        exchange.responseHeaders,
        limits,
      );
  report('response', response, () =>
    response.kind === 'value'
      ? validateResponse(operationId, exchange.status, response.value, contentType || undefined)
          .errors
      : [],
  );
  return { operationId, violations, unchecked };
}

// One exchange through the proxy, checked against the document with the generated validators:
// the request as the client sent it, the response as the upstream answered it.
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import type { OperationId } from '@brokerage/types';
import { checkRequest, validateResponse, type ValidationError } from '@brokerage/validators';

export interface Exchange {
  method: string;
  /** Path and query, as the client sent them. */
  url: string;
  requestHeaders: IncomingHttpHeaders;
  requestBody: Buffer;
  status: number;
  responseHeaders: IncomingHttpHeaders;
  /** The response's bytes as the upstream sent them (possibly compressed). */
  responseBody: Buffer;
}

/** One way an exchange breaks the document: a line of the proxy's NDJSON report. */
export interface Violation {
  /** The operation the request is for; null when the document has no such route. */
  operationId: OperationId | null;
  method: string;
  path: string;
  direction: 'request' | 'response';
  /** The response's status (also for request violations: what the upstream answered). */
  status: number;
  location: string | null;
  pointer: string;
  rule: string;
  expected: unknown;
  actual: unknown;
  message: string;
}

const header = (headers: IncomingHttpHeaders, name: string): string =>
  String(headers[name] ?? '').toLowerCase();

function decoded(body: Buffer, encoding: string): Buffer {
  if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

/** A body as the validators take it: JSON parsed when the media type is JSON; else undefined. */
function parsedBody(body: Buffer, contentType: string): Parsed {
  if (body.length === 0) return { ok: true, value: undefined };
  if (!/[/+]json\b/.test(contentType)) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

const notJson = (message: string): ValidationError => ({
  pointer: '',
  rule: 'json',
  expected: 'JSON',
  actual: 'unparseable',
  message: `body: ${message}`,
  location: 'body',
});

export interface CheckedExchange {
  /** The operation of the document the request is for, null when none has its method and path. */
  operationId: OperationId | null;
  /** Every way the exchange breaks the document (none when it agrees). */
  violations: Violation[];
}

export function checkExchange(exchange: Exchange): CheckedExchange {
  const [path = ''] = exchange.url.split('?');
  const base = { method: exchange.method, path, status: exchange.status };
  const requestContentType = header(exchange.requestHeaders, 'content-type');
  const request = parsedBody(exchange.requestBody, requestContentType);
  const checked = checkRequest({
    method: exchange.method,
    path: exchange.url,
    headers: exchange.requestHeaders,
    body: request.ok ? request.value : undefined,
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
    return { operationId: null, violations: [violation] };
  }
  const line = (direction: Violation['direction']) => (error: ValidationError) => ({
    ...base,
    operationId: checked.operationId,
    direction,
    location: error.location ?? null,
    pointer: error.pointer,
    rule: error.rule,
    expected: error.expected,
    actual: error.actual,
    message: error.message,
  });
  const requestErrors = request.ok ? checked.errors : [notJson(request.message)];
  const responseContentType = header(exchange.responseHeaders, 'content-type');
  const responseBytes = decoded(
    exchange.responseBody,
    header(exchange.responseHeaders, 'content-encoding'),
  );
  const response = parsedBody(responseBytes, responseContentType);
  const responseErrors = response.ok
    ? validateResponse(
        checked.operationId,
        exchange.status,
        response.value,
        responseContentType || undefined,
      ).errors
    : [notJson(response.message)];
  return {
    operationId: checked.operationId,
    violations: [...requestErrors.map(line('request')), ...responseErrors.map(line('response'))],
  };
}

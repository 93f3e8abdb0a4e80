// One exchange as a HAR 1.2 entry: request, response, timings and (`_operationId`) the
// operation it matched. Bodies come from the proxy's bounded copies: a body larger than the
// copy is not held whole, and its entry says so with its size instead of its text.
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import type { Entry, Header, PostData, QueryString } from 'har-format';
import { createRouteMatcher, operationRoutes } from '@brokerage/types';
import type { TimedExchange } from '../proxy/validating-proxy.js';
import type { Redaction } from './redaction.js';

/** An entry with the operation it matched (null: not an operation of the document). */
export interface RecordedEntry extends Entry {
  _operationId: string | null;
}

const decoders: Record<string, (body: Buffer, options: { maxOutputLength: number }) => Buffer> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  br: brotliDecompressSync,
  deflate: inflateSync,
};

/** A compressed body is recorded decoded up to this size (a bomb costs no more). */
const maxDecodedBytes = 64 * 1024 * 1024;

let matcher: ReturnType<typeof createRouteMatcher<(typeof operationRoutes)[number]>> | undefined;
/** Built with the first entry: a process that imports the server and records nothing never
 * needs it. */
const matchRoute = (method: string, path: string) =>
  (matcher ??= createRouteMatcher(operationRoutes))(method, path);

/** The operation a request is for, by method and path (null when the document has none). */
export function operationOf(method: string, url: string): string | null {
  const [path = ''] = url.split('?');
  return matchRoute(method, path)?.route.operationId ?? null;
}

/** Path parameters of a request, by name (empty when it matches no operation). */
export function pathParamsOf(method: string, url: string): Record<string, string> {
  const [path = ''] = url.split('?');
  return matchRoute(method, path)?.params ?? {};
}

export function headerList(headers: IncomingHttpHeaders, redaction: Redaction): Header[] {
  return Object.entries(headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((item) => ({
      name,
      value: redaction ? redaction.header(name, item) : item,
    })),
  );
}

const headerValue = (headers: IncomingHttpHeaders, name: string): string =>
  String(headers[name] ?? '');

/** The body's text, decoded, with its secrets redacted where it is JSON; or why it is not kept. */
function bodyText(
  bytes: Buffer,
  size: number,
  headers: IncomingHttpHeaders,
  redaction: Redaction,
): { text?: string; encoding?: string; comment?: string } {
  if (size > bytes.length) {
    return { comment: `not recorded: ${size} bytes, more than the ${bytes.length} kept` };
  }
  const encoding = headerValue(headers, 'content-encoding').toLowerCase();
  let decoded = bytes;
  const decode = decoders[encoding];
  if (decode) {
    try {
      decoded = decode(bytes, { maxOutputLength: maxDecodedBytes });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return {
        text: bytes.toString('base64'),
        encoding: 'base64',
        comment: `not ${encoding}: ${reason}`,
      };
    }
  }
  const text = decoded.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(decoded)) {
    // Bytes that are not text (a PDF) may hold account ids and names where no redaction reaches.
    if (redaction)
      return { comment: `not recorded: ${decoded.length} bytes that are not text (redacted)` };
    return { text: decoded.toString('base64'), encoding: 'base64' };
  }
  if (!redaction) return { text };
  return { text: redaction.body(text, headerValue(headers, 'content-type')) };
}

/** Learns the account ids the exchange names, before anything of it is redacted. */
function learnAccounts({ exchange }: TimedExchange, redaction: Redaction): void {
  if (!redaction) return;
  for (const [name, value] of Object.entries(pathParamsOf(exchange.method, exchange.url))) {
    redaction.learnAccounts(value, name);
  }
  for (const body of [exchange.requestBody, exchange.responseBody])
    redaction.learnText(body.toString('utf8'));
}

/** A request's absolute URL (`scheme` and the `host` header before its path) and its query,
 * redacted. */
export function requestUrl(
  scheme: string,
  target: string,
  headers: IncomingHttpHeaders,
  redaction: Redaction,
): { url: string; queryString: QueryString[] } {
  const url = new URL(target, `${scheme}://${headerValue(headers, 'host') || 'localhost'}`);
  const queryString: QueryString[] = [...url.searchParams].map(([name, value]) => ({
    name,
    value: redaction ? redaction.query(name, value) : value,
  }));
  const search = queryString.length
    ? `?${new URLSearchParams(queryString.map(({ name, value }) => [name, value])).toString()}`
    : '';
  const path = redaction ? redaction.text(url.pathname) : url.pathname;
  return { url: `${url.protocol}//${url.host}${path}${search}`, queryString };
}

export function harEntry(timed: TimedExchange, redaction: Redaction): RecordedEntry {
  const { exchange } = timed;
  learnAccounts(timed, redaction);
  const { url, queryString } = requestUrl('http', exchange.url, exchange.requestHeaders, redaction);
  const requestSize = exchange.requestSize ?? exchange.requestBody.length;
  const responseSize = exchange.responseSize ?? exchange.responseBody.length;
  const requestBody = bodyText(
    exchange.requestBody,
    requestSize,
    exchange.requestHeaders,
    redaction,
  );
  const responseBody = bodyText(
    exchange.responseBody,
    responseSize,
    exchange.responseHeaders,
    redaction,
  );
  const postData: PostData | undefined =
    requestSize > 0
      ? {
          mimeType: headerValue(exchange.requestHeaders, 'content-type'),
          text: requestBody.text ?? '',
          ...(requestBody.comment ? { comment: requestBody.comment } : {}),
        }
      : undefined;
  return {
    _operationId: timed.operationId,
    startedDateTime: new Date(timed.startedAt).toISOString(),
    time: timed.waitMs + timed.receiveMs,
    request: {
      method: exchange.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(exchange.requestHeaders, redaction),
      queryString,
      ...(postData ? { postData } : {}),
      headersSize: -1,
      bodySize: requestSize,
    },
    response: {
      status: exchange.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(exchange.responseHeaders, redaction),
      content: {
        size: responseSize,
        mimeType: headerValue(exchange.responseHeaders, 'content-type'),
        ...responseBody,
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: responseSize,
    },
    cache: {},
    timings: { send: 0, wait: timed.waitMs, receive: timed.receiveMs },
  };
}

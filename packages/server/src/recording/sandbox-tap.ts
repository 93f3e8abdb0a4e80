// `--record` without `--proxy`: the sandbox's own exchanges, taken from the side of its request
// handler. The request's bytes are copied where its stream emits them (no `data` listener, which
// would start the flow before the body parser reads), the answer's where it is written; both into
// bounded copies, as the proxy keeps them.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { BoundedCopy } from '../proxy/bounded-copy.js';
import type { TimedExchange } from '../proxy/validating-proxy.js';
import { operationOf } from './har-entry.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const toBuffer = (chunk: unknown, encoding?: unknown): Buffer | undefined =>
  chunk === undefined || chunk === null || typeof chunk === 'function'
    ? undefined
    : Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : Buffer.from(
            String(chunk),
            typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
          );

/** The answer's headers as a client reads them (numbers as text). */
const stringHeaders = (response: ServerResponse): IncomingHttpHeaders =>
  Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [
      name,
      Array.isArray(value) ? value : String(value),
    ]),
  );

/** `handler`, with each exchange handed to `onExchange` once its answer has ended. */
export function tapExchanges(
  handler: Handler,
  maxBytes: number,
  onExchange: (timed: TimedExchange) => void,
): Handler {
  return (request, response) => {
    const startedAt = Date.now();
    const method = request.method ?? 'GET';
    const url = request.url ?? '/';
    let answeredAt = startedAt;
    const requestCopy = new BoundedCopy(maxBytes, () => undefined);
    const responseCopy = new BoundedCopy(maxBytes, () => undefined);
    const emit = request.emit.bind(request);
    request.emit = ((event: string | symbol, ...args: unknown[]) => {
      if (event === 'data') requestCopy.keep(args[0] as Buffer);
      return emit(event, ...args);
    }) as typeof request.emit;
    const write = response.write.bind(response) as (...args: unknown[]) => boolean;
    const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
    const copy = (chunk: unknown, encoding: unknown) => {
      if (!response.headersSent) answeredAt = Date.now();
      const bytes = toBuffer(chunk, encoding);
      if (bytes) responseCopy.keep(bytes);
    };
    response.write = ((...args: unknown[]) => {
      copy(args[0], args[1]);
      return write(...args);
    }) as typeof response.write;
    response.end = ((...args: unknown[]) => {
      copy(args[0], args[1]);
      return end(...args);
    }) as typeof response.end;
    response.once('finish', () => {
      onExchange({
        exchange: {
          method,
          url,
          requestHeaders: request.headers,
          requestBody: requestCopy.copy(),
          requestSize: requestCopy.size,
          status: response.statusCode,
          responseHeaders: stringHeaders(response),
          responseBody: responseCopy.copy(),
          responseSize: responseCopy.size,
        },
        operationId: operationOf(method, url) as TimedExchange['operationId'],
        startedAt,
        waitMs: answeredAt - startedAt,
        receiveMs: Date.now() - answeredAt,
      });
    });
    handler(request, response);
  };
}

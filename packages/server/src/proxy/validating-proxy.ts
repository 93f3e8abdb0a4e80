// A validating proxy: every request is forwarded unchanged to the upstream (typically the
// service's own gateway), its answer returned unchanged to the client, and both are checked
// against the document on the side. Violations go to a report; the traffic is never altered.
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { OperationId } from '@brokerage/types';
import { checkExchange, type Exchange, type Violation } from './exchange-check.js';

export interface ValidatingProxyOptions {
  /** Base URL of the upstream, e.g. `https://localhost:5000`. */
  upstream: string;
  /** Accept the upstream's self-signed certificate (the local gateway has one). */
  insecure?: boolean;
  /** Called with each violation, as it is found. */
  onViolation?: (violation: Violation) => void;
  /** Called when the proxy itself fails on an exchange (default: printed on stderr). */
  onError?: (error: unknown) => void;
}

export interface OperationTally {
  exchanges: number;
  /** Exchanges that broke the document at least once. */
  invalid: number;
  violations: number;
}

/** Exchanges and violations by operation (`(undocumented)` for routes the document lacks). */
export type ProxySummary = Record<string, OperationTally>;

export interface ValidatingProxy {
  /** The request handler, for `http.createServer`. */
  handle(request: IncomingMessage, response: ServerResponse): void;
  summary(): ProxySummary;
}

/** Headers that belong to one connection, not to the message (RFC 9110 §7.6.1). */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

/** `rawHeaders` (name, value, name, value...) without the hop-by-hop ones. */
function endToEnd(rawHeaders: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    if (!hopByHop.has(name.toLowerCase())) kept.push(name, rawHeaders[i + 1] as string);
  }
  return kept;
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

export function createValidatingProxy(options: ValidatingProxyOptions): ValidatingProxy {
  const upstream = new URL(options.upstream);
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  const basePath = upstream.pathname.replace(/\/$/, '');
  const tallies = new Map<string, OperationTally>();

  const onError = options.onError ?? ((error: unknown) => console.error(error));
  const record = (operationId: OperationId | null, violations: Violation[]) => {
    const key = operationId ?? '(undocumented)';
    const tally = tallies.get(key) ?? { exchanges: 0, invalid: 0, violations: 0 };
    tally.exchanges += 1;
    tally.invalid += violations.length > 0 ? 1 : 0;
    tally.violations += violations.length;
    tallies.set(key, tally);
    for (const violation of violations) options.onViolation?.(violation);
  };

  const forward = (request: IncomingMessage, body: Buffer): Promise<IncomingMessage> =>
    new Promise((resolve, reject) => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !hopByHop.has(name)),
      );
      const outgoing = send(
        {
          protocol: upstream.protocol,
          hostname: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: `${basePath}${request.url ?? '/'}`,
          headers: { ...headers, host: upstream.host, 'content-length': String(body.length) },
          ...(options.insecure ? { rejectUnauthorized: false } : {}),
        },
        resolve,
      );
      outgoing.once('error', reject);
      outgoing.end(body);
    });

  return {
    handle(request, response) {
      void (async () => {
        const requestBody = await readAll(request);
        let upstreamResponse: IncomingMessage;
        try {
          upstreamResponse = await forward(request, requestBody);
        } catch (error) {
          response.writeHead(502, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              error: `upstream unreachable: ${error instanceof Error ? error.message : String(error)}`,
            }),
          );
          return;
        }
        const responseBody = await readAll(upstreamResponse);
        const status = upstreamResponse.statusCode ?? 502;
        response.writeHead(
          status,
          upstreamResponse.statusMessage,
          endToEnd(upstreamResponse.rawHeaders),
        );
        response.end(responseBody);
        const exchange: Exchange = {
          method: request.method ?? 'GET',
          url: request.url ?? '/',
          requestHeaders: request.headers,
          requestBody,
          status,
          responseHeaders: upstreamResponse.headers,
          responseBody,
        };
        const { operationId, violations } = checkExchange(exchange);
        record(operationId, violations);
      })().catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
        onError(error);
      });
    },
    summary: () => Object.fromEntries(tallies),
  };
}

// A validating proxy: every request is forwarded unchanged to the upstream (typically the
// service's own gateway), its answer streamed back unchanged to the client as it arrives, and
// both are checked against the document on the side, from a bounded copy of each body.
// Violations, and the parts it could not check, go to a report; the traffic is never altered.
import {
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import { finished, pipeline } from 'node:stream/promises';
import type { OperationId } from '@brokerage/types';
import { BoundedCopy } from './bounded-copy.js';
import { defaultCheckLimits, type CheckLimits } from './check-limits.js';
import {
  checkExchange,
  type CheckedExchange,
  type Exchange,
  type ResponseProblem,
  type Unchecked,
  type Violation,
} from './exchange-check.js';

export interface ValidatingProxyOptions {
  /** Base URL of the upstream, e.g. `https://localhost:5000`. */
  upstream: string;
  /** Accept the upstream's self-signed certificate (the local gateway has one). */
  insecure?: boolean;
  /** Called with each violation, as it is found. */
  onViolation?: (violation: Violation) => void;
  /** Called with each part of an exchange that could not be checked. */
  onUnchecked?: (unchecked: Unchecked) => void;
  /** Called when the proxy itself fails on an exchange (default: printed on stderr). */
  onError?: (error: unknown) => void;
  /** What the check reads of each body at most (default `defaultCheckLimits`). */
  limits?: Partial<CheckLimits>;
  /** The largest header block taken from the upstream (default 1 MiB; Node's own is 16 KiB). */
  maxHeaderBytes?: number;
  /** The check of one exchange (the default; replaced in tests to make it fail). */
  check?: typeof checkExchange;
  /** Called with each exchange once it is over, from the bounded copies (`--record`). */
  onExchange?: (timed: TimedExchange) => void;
}

/** One exchange as it ended, with the operation it matched and when it happened. */
export interface TimedExchange {
  exchange: Exchange;
  operationId: OperationId | null;
  /** When the request arrived (ms since the epoch). */
  startedAt: number;
  /** From the request's arrival to the answer's headers (ms). */
  waitMs: number;
  /** From the answer's headers to its end (ms). */
  receiveMs: number;
}

export interface OperationTally {
  exchanges: number;
  /** Exchanges that broke the document at least once. */
  invalid: number;
  violations: number;
  /** Exchanges with a part the check could not read (too large, too deep, cut short...). */
  unchecked: number;
}

/** Exchanges and violations by operation (`(undocumented)` for routes the document lacks). */
export type ProxySummary = Record<string, OperationTally>;

/** What the proxy holds now: exchanges in flight and the bytes of their bounded copies. */
export interface ProxyStats {
  inFlight: number;
  heldBytes: number;
  /** The most `heldBytes` has been since the proxy started. */
  peakHeldBytes: number;
}

export interface ValidatingProxy {
  /** The request handler, for `http.createServer`. */
  handle(request: IncomingMessage, response: ServerResponse): void;
  summary(): ProxySummary;
  stats(): ProxyStats;
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

/** The upstream's answer; its errors after that show on the answer's stream. */
const answerOf = (outgoing: ClientRequest): Promise<IncomingMessage> =>
  new Promise((resolve, reject) => {
    outgoing.once('response', resolve);
    outgoing.on('error', reject);
  });

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** `/health` is the proxy's own: never forwarded, never reported. */
const isHealth = (request: IncomingMessage) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  (request.url === '/health' || request.url?.startsWith('/health?') === true);

export function createValidatingProxy(options: ValidatingProxyOptions): ValidatingProxy {
  const upstream = new URL(options.upstream);
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  const basePath = upstream.pathname.replace(/\/$/, '');
  const limits: CheckLimits = { ...defaultCheckLimits, ...options.limits };
  const check = options.check ?? checkExchange;
  const tallies = new Map<string, OperationTally>();
  const stats: ProxyStats = { inFlight: 0, heldBytes: 0, peakHeldBytes: 0 };
  const hold = (bytes: number) => {
    stats.heldBytes += bytes;
    stats.peakHeldBytes = Math.max(stats.peakHeldBytes, stats.heldBytes);
  };

  const onError = options.onError ?? ((error: unknown) => console.error(error));
  const record = ({ operationId, violations, unchecked }: CheckedExchange) => {
    const key = operationId ?? '(undocumented)';
    const tally = tallies.get(key) ?? { exchanges: 0, invalid: 0, violations: 0, unchecked: 0 };
    tally.exchanges += 1;
    tally.invalid += violations.length > 0 ? 1 : 0;
    tally.violations += violations.length;
    tally.unchecked += unchecked.length > 0 ? 1 : 0;
    tallies.set(key, tally);
    for (const violation of violations) options.onViolation?.(violation);
    for (const part of unchecked) options.onUnchecked?.(part);
  };

  /** Checks an exchange and records it; a check that throws is a report line of its own. */
  const checkAndRecord = (
    exchange: Exchange,
    times: Omit<TimedExchange, 'exchange' | 'operationId'>,
    responseProblem?: ResponseProblem,
  ) => {
    let operationId: OperationId | null = null;
    try {
      const checked = check(exchange, limits, responseProblem);
      record(checked);
      operationId = checked.operationId;
    } catch (error) {
      const [path = ''] = exchange.url.split('?');
      const { method, status } = exchange;
      const reason = 'check failed';
      const message = `the check failed: ${errorText(error)}`;
      const line = { operationId: null, method, path, direction: 'response' as const, status };
      record({ operationId: null, violations: [], unchecked: [{ ...line, reason, message }] });
      onError(error);
    }
    options.onExchange?.({ exchange, operationId, ...times });
  };

  const relay = async (request: IncomingMessage, response: ServerResponse) => {
    const startedAt = Date.now();
    let answeredAt = startedAt;
    const times = () => ({
      startedAt,
      waitMs: answeredAt - startedAt,
      receiveMs: Date.now() - answeredAt,
    });
    const requestCopy = new BoundedCopy(limits.maxBytes, hold);
    const responseCopy = new BoundedCopy(limits.maxBytes, hold);
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !hopByHop.has(name)),
    );
    const outgoing = send({
      protocol: upstream.protocol,
      hostname: upstream.hostname,
      port: upstream.port,
      method: request.method,
      path: `${basePath}${request.url ?? '/'}`,
      headers: { ...headers, host: upstream.host },
      maxHeaderSize: options.maxHeaderBytes ?? 1024 * 1024,
      ...(options.insecure ? { rejectUnauthorized: false } : {}),
    });
    // Not one pipeline: an upstream failure must not destroy the client's request, whose
    // connection still carries the 502. A client gone ends the upstream exchange; an upstream
    // gone leaves the rest of the request to drain (into the bounded copy only).
    request.pipe(outgoing);
    requestCopy.tap(request);
    request.once('error', (error) => outgoing.destroy(error));
    outgoing.once('close', () => request.resume());
    response.once('close', () => {
      if (!response.writableFinished) outgoing.destroy();
    });
    const exchange = (status: number, answer?: IncomingMessage): Exchange => ({
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      requestHeaders: request.headers,
      requestBody: requestCopy.copy(),
      requestSize: requestCopy.size,
      status,
      responseHeaders: answer?.headers ?? {},
      responseBody: responseCopy.copy(),
      responseSize: responseCopy.size,
    });
    try {
      let answer: IncomingMessage;
      try {
        answer = await answerOf(outgoing);
      } catch (error) {
        response.writeHead(502, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: `upstream unreachable: ${errorText(error)}` }));
        const message = `no answer from the upstream: ${errorText(error)}`;
        checkAndRecord(exchange(502), times(), { reason: 'no answer', message });
        return;
      }
      answeredAt = Date.now();
      const status = answer.statusCode ?? 502;
      response.writeHead(status, answer.statusMessage, endToEnd(answer.rawHeaders));
      let problem: ResponseProblem | undefined;
      try {
        const streamed = pipeline(answer, response);
        responseCopy.tap(answer);
        await streamed;
      } catch (error) {
        const size = responseCopy.size;
        const message = `the answer stopped after ${size} bytes: ${errorText(error)}`;
        problem = { reason: 'answer cut short', size, message };
      }
      // The request's copy is whole once the client sent it all (or left).
      await finished(request).catch(() => undefined);
      checkAndRecord(exchange(status, answer), times(), problem);
    } finally {
      stats.heldBytes -= requestCopy.kept + responseCopy.kept;
    }
  };

  return {
    handle(request, response) {
      if (isHealth(request)) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ status: 'ok', ...stats }));
        return;
      }
      stats.inFlight += 1;
      relay(request, response)
        .catch((error: unknown) => {
          if (!response.headersSent) response.writeHead(502);
          response.end();
          onError(error);
        })
        .finally(() => (stats.inFlight -= 1));
    },
    summary: () => Object.fromEntries(tallies),
    stats: () => ({ ...stats }),
  };
}

// The server suites' harness: the sandbox's server half (`startLoopbackServer`, as
// @brokerage/testing starts it) from this package's sources, with JSON calls and hosted mode's
// admin token.
import type { BrokerageServer, ServerOptions } from '../src/index.js';
import { ManualClock } from '../src/domain/kernel/clock.js';
import { startLoopbackServer, StrictMemoryStore } from '../src/testing.js';

export interface Harness extends BrokerageServer {
  baseUrl: string;
  clock: ManualClock;
  /** JSON request against the server; answers status, headers and the parsed body. */
  call(
    method: string,
    path: string,
    init?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<Answer>;
  close(): Promise<void>;
}

export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** The admin token of hosted test servers, which serve the control API only with one; `call`
 * sends it on control requests that carry no authorization of their own. */
export const harnessControlToken = 'harness-admin-token';

/** `BROKERAGE_TEST_STORE=redis` (the fuller tier): every server of the harness keeps its state on
 * a Redis of the tests' own (started with the first server, under a prefix per server; stopped
 * with the last). Otherwise on a strict memory store, which keeps records as Redis does. */
export const onRedis = process.env.BROKERAGE_TEST_STORE === 'redis';

/** A reference server on a free loopback port, with a manual clock (no real waiting). In hosted
 * mode it has an admin token for the control API unless `controlToken` is given (even undefined). */
export async function startServer(options: ServerOptions = {}): Promise<Harness> {
  const { clock, ...rest } = options;
  // `clock: undefined` given explicitly: the server's own clock (the system's).
  const controlToken =
    'controlToken' in options
      ? options.controlToken
      : options.mode === 'hosted'
        ? harnessControlToken
        : undefined;
  const loopback = await startLoopbackServer({
    ...rest,
    ...('clock' in options ? { clock: clock as ManualClock | undefined } : {}),
    ...(rest.store === undefined && !onRedis ? { store: new StrictMemoryStore() } : {}),
    scratchRedis: onRedis,
    ...(controlToken === undefined ? {} : { controlToken }),
  });
  const { baseUrl } = loopback;
  return {
    ...loopback.server,
    baseUrl,
    clock: loopback.clock,
    async call(method, path, init = {}) {
      const response = await fetch(baseUrl + path, {
        method,
        headers: {
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(controlToken === harnessControlToken && path.startsWith('/control/')
            ? { authorization: `Bearer ${controlToken}` }
            : {}),
          ...init.headers,
        },
        ...(init.body === undefined
          ? {}
          : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, headers: response.headers, body };
    },
    close: loopback.close,
  };
}

/** A manual clock that tells when something is scheduled `ms` ahead (a latency, a timer). */
export class WatchedClock extends ManualClock {
  readonly #waiters: { ms: number; resolve: () => void }[] = [];

  override schedule(ms: number, callback: () => void): () => void {
    const cancel = super.schedule(ms, callback);
    for (const waiter of this.#waiters.filter((item) => item.ms === ms)) waiter.resolve();
    return cancel;
  }

  whenScheduled(ms: number): Promise<void> {
    return new Promise((resolve) => this.#waiters.push({ ms, resolve }));
  }
}

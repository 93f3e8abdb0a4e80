import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createServer, type BrokerageServer, type ServerOptions } from '../src/index.js';
import { ManualClock } from '../src/domain/kernel/clock.js';
import { scratchStore } from '../src/store/redis/scratch-redis.js';
import { StrictMemoryStore } from '../src/store/strict-memory.js';

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
const onRedis = process.env.BROKERAGE_TEST_STORE === 'redis';

/** A reference server on a free loopback port, with a manual clock (no real waiting). In hosted
 * mode it has an admin token for the control API unless `controlToken` is given (even undefined). */
export async function startServer(options: ServerOptions = {}): Promise<Harness> {
  const clock = new ManualClock();
  const controlToken =
    'controlToken' in options
      ? options.controlToken
      : options.mode === 'hosted'
        ? harnessControlToken
        : undefined;
  const scratch = options.store === undefined && onRedis ? await scratchStore() : undefined;
  const store = options.store ?? scratch?.store ?? new StrictMemoryStore();
  const server = createServer({
    clock,
    pacing: false,
    testConsumer: true,
    ...options,
    ...(store === undefined ? {} : { store }),
    ...(controlToken === undefined ? {} : { controlToken }),
  });
  // A start that fails (a store command timing out) closes what it opened: left open, its Redis
  // connections would retry for ever and keep the test process from ending.
  await server.ready.catch(async (error: unknown) => {
    await server.close();
    await scratch?.release();
    throw error;
  });
  const listener: Server = await new Promise((resolve) => {
    const started = server.app.listen(0, '127.0.0.1', () => resolve(started));
  });
  server.streaming.attach(listener);
  const { port } = listener.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    ...server,
    baseUrl,
    clock: (options.clock as ManualClock | undefined) ?? clock,
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
    async close() {
      server.streaming.close();
      await new Promise<void>((resolve, reject) => {
        listener.closeAllConnections();
        listener.close((error) => (error ? reject(error) : resolve()));
      });
      await server.close();
      await scratch?.release();
    },
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

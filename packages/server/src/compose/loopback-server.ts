// A reference server on a free loopback port, as a test starts one: a manual clock (or the
// test's), pacing off, the shipped test consumer served, started only once its store is ready, and closed whole (socket, listener,
// store, scratch Redis). The one way tests start a server: @brokerage/testing's sandbox adds a
// typed client and resets to it, and this repository's own suites start theirs here.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { ManualClock, type Clock } from '../domain/kernel/clock.js';
import { scratchStore, type ScratchStore } from '../store/redis/scratch-redis.js';
import { createServer, type BrokerageServer, type ServerOptions } from './server.js';

export interface LoopbackOptions<C extends Clock = ManualClock> extends Omit<
  ServerOptions,
  'clock'
> {
  /** The server's clock (default: a `ManualClock` from `start`; `undefined` given explicitly: the
   * server's own, the system clock). */
  clock?: C | undefined;
  /** Where the default manual clock starts (default: a Monday 15:00 UTC). */
  start?: number | Date;
  /** With no `store` given: keep the state on the process's scratch Redis, under a prefix of its
   * own, given back on close (`scratchStore()`; needs `redis-server` on PATH). */
  scratchRedis?: boolean;
}

export interface LoopbackServer<C extends Clock = ManualClock> {
  server: BrokerageServer;
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  clock: C;
  /** Stops the socket and the listener, closes the store, gives the scratch Redis back. */
  close(): Promise<void>;
}

export async function startLoopbackServer<C extends Clock = ManualClock>(
  options: LoopbackOptions<C> = {},
): Promise<LoopbackServer<C>> {
  const { clock: given, start, scratchRedis, ...serverOptions } = options;
  const clock = 'clock' in options ? given : (new ManualClock(start) as Clock as C);
  const scratch: ScratchStore | undefined =
    scratchRedis && serverOptions.store === undefined ? await scratchStore() : undefined;
  const server = createServer({
    pacing: false,
    // Tests sign in as the shipped test consumer, in hosted mode too (a test asks for a server
    // without it with `testConsumer: undefined` or `false`).
    testConsumer: true,
    ...serverOptions,
    ...(clock === undefined ? {} : { clock }),
    ...(scratch ? { store: scratch.store } : {}),
  });
  // A store that never becomes ready (a Redis that is down) fails the start, and what the server
  // opened is closed: left open, its connections would retry for ever and keep the test runner's
  // process alive.
  await server.ready.catch(async (error: unknown) => {
    await server.close();
    await scratch?.release();
    throw error;
  });
  const listener: Server = await new Promise((resolve, reject) => {
    const started = server.app.listen(0, '127.0.0.1', () => resolve(started));
    started.once('error', reject);
  });
  // Test clients keep connections alive between calls; on a loaded machine a stalled event loop
  // can let Node's 5 s idle timer close a socket just as the client reuses it, and a POST sent on
  // it fails ('other side closed': fetch does not retry a POST). A sandbox keeps idle sockets
  // for a minute.
  listener.keepAliveTimeout = 60_000;
  server.streaming.attach(listener);
  const { port } = listener.address() as AddressInfo;
  return {
    server,
    baseUrl: `http://127.0.0.1:${port}`,
    clock: clock ?? (server.brokerage.clock as C),
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

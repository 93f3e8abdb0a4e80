// The client suites' server: the sandbox's server half (`startLoopbackServer` of
// @brokerage/server/testing; @brokerage/testing itself depends on this package), on the clock the
// client shares with it.
import type { BrokerageServer, ServerOptions } from '@brokerage/server';
import { startLoopbackServer } from '@brokerage/server/testing';
import {
  createBrokerageClient,
  type BrokerageClient,
  type BrokerageClientOptions,
} from '../../src/index.js';
import { noAuth } from '../../src/auth/simple.js';
import { TestClock } from './clock.js';

/** A reference server on a loopback port, a shared manual clock, and a recording fetch. */
export interface Setup {
  server: BrokerageServer;
  baseUrl: string;
  clock: TestClock;
  /** Every request the client sent, with the status it got (or `error`). */
  sent: { endpoint: string; status: number | 'error'; at: number }[];
  /** Requests sent whose answer has not arrived. */
  inFlight(): number;
  client(options?: Partial<BrokerageClientOptions>): BrokerageClient;
  /** Opens a session of demo_individual (hosted mode: use its id as the `api` cookie). */
  openSession(
    brokerageOpen?: boolean,
  ): ReturnType<BrokerageServer['brokerage']['sessions']['open']>;
  /** Runs the clock (timer by timer) until `promise` settles, letting real I/O finish in between. */
  drive<T>(promise: Promise<T>, options?: { ioWaitMs?: number }): Promise<T>;
  close(): Promise<void>;
}

const realPause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function setup(options: Omit<ServerOptions, 'clock'> = {}): Promise<Setup> {
  const loopback = await startLoopbackServer({ ...options, clock: new TestClock() });
  const { server, baseUrl, clock } = loopback;
  // The validator compiles its schemas on the first request (over a second): pay it here.
  await (await fetch(`${baseUrl}/v1/api/iserver/auth/status`)).text();
  const sent: Setup['sent'] = [];
  let inFlight = 0;
  const clients: BrokerageClient[] = [];

  const recordingFetch = async (request: Request): Promise<Response> => {
    const endpoint = `${request.method} ${new URL(request.url).pathname}`;
    const at = clock.now();
    inFlight += 1;
    try {
      const response = await fetch(request);
      sent.push({ endpoint, status: response.status, at });
      return response;
    } catch (error) {
      sent.push({ endpoint, status: 'error', at });
      throw error;
    } finally {
      inFlight -= 1;
    }
  };

  // Real I/O on loopback answers in milliseconds (the first call of a route compiles its
  // validators: a few hundred). A request still open after `ioWaitMs` is waiting on the clock
  // (injected latency), so time may move. Quiet means no request open across two pauses.
  const settle = async (ioWaitMs: number) => {
    for (let waited = 0; waited < ioWaitMs; waited += 5) {
      await realPause(5);
      if (inFlight === 0) {
        await realPause(10);
        if (inFlight === 0) return;
      }
    }
  };

  return {
    server,
    baseUrl,
    clock,
    sent,
    inFlight: () => inFlight,
    openSession(brokerageOpen = true) {
      const user = server.brokerage.user('demo_individual');
      if (!user) throw new Error('fixtures lack demo_individual');
      return server.brokerage.sessions.open(user, { origin: 'control', brokerageOpen });
    },
    client(overrides = {}) {
      const client = createBrokerageClient({
        baseUrl,
        auth: noAuth(),
        fetch: recordingFetch,
        clock: clock.scope('client'),
        ...overrides,
      });
      clients.push(client);
      return client;
    },
    async drive(promise, { ioWaitMs = 3000 } = {}) {
      let settled = false;
      const watched = promise.finally(() => {
        settled = true;
      });
      watched.catch(() => undefined);
      for (let step = 0; step < 10_000; step++) {
        await settle(ioWaitMs);
        if (settled) break;
        if (!clock.advanceToNext()) await realPause(10);
      }
      return watched;
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await loopback.close();
    },
  };
}

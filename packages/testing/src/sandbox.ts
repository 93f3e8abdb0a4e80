// A reference server for one test file: in process, on a free loopback port, with a manual clock
// (tests advance it instead of waiting), pacing off, a typed client, and a reset between tests.
import { createBrokerageClient, type BrokerageClient } from '@brokerage/client';
import type {
  BrokerageServer,
  ManualClock,
  MarketDataSource,
  ReplayState,
} from '@brokerage/server';
import { startLoopbackServer, type LoopbackOptions } from '@brokerage/server/testing';

/** Bars as values: `t` the bar's start (epoch milliseconds), then open, high, low, close and
 * volume if known. */
export type ReplayedBars = NonNullable<MarketDataSource['bars']>;

/** Market data to replay: a CSV text, bars as values, or any source the server reads (a saved
 * history answer as `{ history }`, `day` to move the bars to another date). */
export type MarketData = string | ReplayedBars | MarketDataSource;

// `Array.isArray` does not narrow a readonly array out of a union.
const isBars = (data: ReplayedBars | MarketDataSource): data is ReplayedBars => Array.isArray(data);

const sourceOf = (data: MarketData): MarketDataSource =>
  typeof data === 'string' ? { csv: data } : isBars(data) ? { bars: data } : data;

/** The server's options, with a manual clock (`start` says when it starts, default a Monday
 * 15:00 UTC; or give one), and `scratchRedis: true` to keep the state on a scratch Redis of the
 * test process (`redis-server` on PATH). */
export type SandboxOptions = LoopbackOptions<ManualClock>;

export interface Sandbox {
  /** `http://127.0.0.1:<port>`: give it to the code under test. */
  baseUrl: string;
  /** A typed client of the sandbox (no credentials needed in gateway mode; pacing and retries
   * off, so that a test sees every answer as the server gave it). */
  client: BrokerageClient;
  /** Prices, price walks, clock, faults, sessions, fixtures (`server.controls`). */
  controls: BrokerageServer['controls'];
  /** The server's clock: `clock.advance(ms)` moves time (sessions, orders, timeouts) at once. */
  clock: ManualClock;
  server: BrokerageServer;
  /** Drives `conid`'s price from replayed bars on the manual clock, from their first bar (which
   * must not start before the clock): snapshots, history, fills and alerts follow them. Bad data
   * throws, naming the row. A reset ends the replay. */
  replayMarket(conid: number, data: MarketData): ReplayState;
  /** Back to the fixtures' state, with faults cleared and pacing forgotten (the clock goes on). */
  reset(options?: { seed?: number }): void;
  /** Stops the server and closes its connections. */
  close(): Promise<void>;
}

/** Starts a sandbox. Prefer `useSandbox()` in a test file; this is for custom set-ups. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const { server, baseUrl, clock, close } = await startLoopbackServer(options);
  return {
    baseUrl,
    // The server runs in this process: a call is slow only while the process is busy (a route's
    // first call compiling its validators on a cold cache, a loaded CI machine), never lost, so
    // the client's 10 s default would only turn a slow first call into a failed test.
    client: createBrokerageClient({ baseUrl, pacing: false, retry: false, timeoutMs: 60_000 }),
    controls: server.controls,
    clock,
    server,
    replayMarket: (conid, data) => server.controls.replayMarket(conid, sourceOf(data)),
    reset: (resetOptions) => {
      server.controls.reset(resetOptions);
    },
    close,
  };
}

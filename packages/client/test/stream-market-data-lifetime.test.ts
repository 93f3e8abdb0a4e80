// A market-data subscription on the socket ends 15 minutes after it was sent, as the service's
// do: a client that does not renew it stops hearing prices; the typed client renews it and holds
// it across an hour of the simulated clock.
import { ManualClock, type BrokerageServer } from '@brokerage/server';
import { startLoopbackServer, type LoopbackServer } from '@brokerage/server/testing';

type Session = ReturnType<BrokerageServer['brokerage']['sessions']['open']>;
import WebSocket from 'ws';
import { createStreamingClient, type StreamingClient } from '../src/index.js';

const AAPL = 265598;
const minute = 60_000;

describe('market data that ends after 15 minutes of the simulated clock', () => {
  let server: BrokerageServer;
  let clock: ManualClock;
  let loopback: LoopbackServer;
  let baseUrl = '';
  beforeEach(async () => {
    clock = new ManualClock();
    loopback = await startLoopbackServer({ clock, streaming: { validateMessages: true } });
    ({ server, baseUrl } = loopback);
  });
  afterEach(() => loopback.close());

  let session: Session;
  const streamOf = (renewMarketDataMs?: false) => {
    const user = server.brokerage.user('demo_individual');
    if (!user) throw new Error('no demo user');
    session = server.brokerage.sessions.open(user, { origin: 'control', brokerageOpen: true });
    return createStreamingClient({
      url: baseUrl,
      WebSocket,
      headers: { cookie: `api=${session.id}` },
      clock,
      ...(renewMarketDataMs === false ? { renewMarketDataMs } : {}),
    });
  };

  /** Moves the clock a minute, keeping the HTTP session alive, and waits until the server has
   * read every frame the client sent meanwhile (the echo comes back after them). */
  async function minutePasses(stream: StreamingClient): Promise<void> {
    clock.advance(minute);
    server.brokerage.sessions.touch(server.brokerage.sessions.current(session));
    await stream.echo();
  }

  /** The prices the subscription received, read as they arrive. */
  function collect(stream: StreamingClient) {
    const prices: string[] = [];
    const quotes = stream.subscribe('marketData', AAPL, ['31']);
    void (async () => {
      for await (const quote of quotes)
        if (quote['31'] !== undefined) prices.push(String(quote['31']));
    })();
    return prices;
  }

  const settle = async (stream: StreamingClient) => {
    await stream.echo();
    await new Promise((resolve) => setImmediate(resolve));
  };

  it('a client that does not renew hears nothing after 15 minutes', async () => {
    const stream = streamOf(false);
    const prices = collect(stream);
    while (prices.length === 0) await new Promise((resolve) => setImmediate(resolve));
    for (let step = 1; step <= 16; step++) await minutePasses(stream);
    server.controls.setPrice(AAPL, 250);
    await settle(stream);
    expect(prices).toEqual(['189.50']);
    stream.close();
  });

  it('the typed client renews it and hears every price for an hour', async () => {
    const stream = streamOf();
    const prices = collect(stream);
    while (prices.length === 0) await new Promise((resolve) => setImmediate(resolve));
    for (let step = 1; step <= 60; step++) {
      await minutePasses(stream);
      const price = (190 + step / 4).toFixed(2);
      server.controls.setPrice(AAPL, Number(price));
      await settle(stream);
      expect(prices.at(-1)).toBe(price);
    }
    stream.close();
  });
});

// The control API's scenarios, both ways: a naive client fails, the typed client recovers (its
// keep-alive opens a lost or taken-over brokerage session again; its stream reconnects and
// subscribes again after the nightly reset).
import { ManualClock, type BrokerageServer } from '@brokerage/server';
import { startLoopbackServer, type LoopbackServer } from '@brokerage/server/testing';
import WebSocket from 'ws';
import { testRequestTimeoutMs } from './auth-support.js';
import { createBrokerageClient, createStreamingClient, sessionCookie } from '../src/index.js';

const AAPL = 265598;

describe('scenarios of the control API', () => {
  let server: BrokerageServer;
  let clock: ManualClock;
  let loopback: LoopbackServer;
  let baseUrl = '';
  beforeEach(async () => {
    clock = new ManualClock();
    loopback = await startLoopbackServer({ clock, mode: 'hosted' });
    ({ server, baseUrl } = loopback);
  });
  afterEach(() => loopback.close());

  const login = () => {
    const user = server.brokerage.user('demo_individual');
    if (!user) throw new Error('no demo user');
    return server.brokerage.sessions.open(user, { origin: 'control', brokerageOpen: true });
  };
  const clientOf = (sessionId: string, keepAlive: boolean) =>
    createBrokerageClient({
      baseUrl,
      auth: sessionCookie(sessionId),
      pacing: false,
      timeoutMs: testRequestTimeoutMs,
      clock,
      keepAlive: keepAlive ? { intervalMs: 60_000 } : false,
    });
  /** Lets the event loop run until `done` (the client's requests go over the network). */
  async function until(done: () => boolean): Promise<void> {
    for (let turn = 0; turn < 10_000 && !done(); turn++)
      await new Promise((resolve) => setImmediate(resolve));
    expect(done()).toBe(true);
  }

  for (const scenario of ['loseBrokerageSession', 'competeForSession'] as const) {
    it(`${scenario}: a naive client is refused; the keep-alive opens the brokerage session again`, async () => {
      const session = login();
      const naive = clientOf(session.id, false);
      const typed = clientOf(session.id, true);
      expect((await naive.GET('/v1/api/iserver/accounts')).response.status).toBe(200);

      expect(server.controls[scenario]('demo_individual')).toEqual({ sessions: 1 });
      const status = await naive.POST('/v1/api/iserver/auth/status');
      expect(status.data).toMatchObject({
        authenticated: false,
        connected: true,
        competing: scenario === 'competeForSession',
      });
      const refused = await naive.GET('/v1/api/iserver/accounts');
      expect(refused.response.ok).toBe(false);

      clock.advance(60_000);
      await until(() => server.brokerage.sessions.find(session.id)?.brokerageOpen === true);
      const again = await typed.POST('/v1/api/iserver/auth/status');
      expect(again.data).toMatchObject({ authenticated: true, competing: false });
      expect((await typed.GET('/v1/api/iserver/accounts')).response.status).toBe(200);
      await typed.close();
    });
  }

  it('the nightly reset: a stream without reconnection stays closed; the typed stream logs in again and subscribes again', async () => {
    const naive = createStreamingClient({
      url: baseUrl,
      WebSocket,
      session: login().id,
      clock,
      reconnect: false,
    });
    const typed = createStreamingClient({
      url: baseUrl,
      WebSocket,
      session: () => login().id,
      clock,
    });
    const naiveQuotes = naive.subscribe('marketData', AAPL, ['31']);
    const quotes = typed.subscribe('marketData', AAPL, ['31']);
    expect((await naiveQuotes.next()).value).toMatchObject({ '31': '189.50' });
    expect((await quotes.next()).value).toMatchObject({ '31': '189.50' });

    const at = clock.now() + 60_000;
    expect(server.controls.scheduleNightlyReset(at)).toEqual({ at });
    clock.advance(60_000);
    expect(server.brokerage.sessions.live()).toEqual([]);
    await until(() => server.streaming.size === 0);

    // The typed stream reconnects after a second of its clock, once it has heard the close.
    for (let second = 0; second < 30 && server.streaming.size === 0; second++) {
      clock.advance(1000);
      for (let turn = 0; turn < 50; turn++) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(server.streaming.size).toBe(1);
    expect((await quotes.next()).value).toMatchObject({ topic: `smd+${AAPL}`, '31': '189.50' });
    server.controls.setPrice(AAPL, 191);
    expect((await quotes.next()).value).toMatchObject({ '31': '191.00' });
    naive.close();
    typed.close();
  });
});

// The control API's scenarios of single answers, both ways: a naive client fails, the typed
// client recovers (the penalty box waited out, a reply id that expired answered by placing the
// order again, the live-orders cache asked again, snapshot fields read by what was asked).
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createServer, ManualClock, type BrokerageServer } from '@brokerage/server';
import {
  createBrokerageClient,
  ReplyInvalidatedError,
  sessionCookie,
  type BrokerageClient,
} from '../src/index.js';
import { farLimitBuy, slowOnce } from './support/expiring-replies.js';

const AAPL = 265598;
const accountId = 'U1234567';
const user = 'demo_individual';
describe('scenarios of single answers', () => {
  let server: BrokerageServer;
  let clock: ManualClock;
  let listener: Server;
  let baseUrl = '';
  let sessionId = '';
  beforeEach(async () => {
    clock = new ManualClock();
    server = createServer({ clock, pacing: false, mode: 'hosted', sessionTimeoutMs: 60 * 60_000 });
    listener = await new Promise((resolve) => {
      const started = server.app.listen(0, '127.0.0.1', () => resolve(started));
    });
    baseUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    const account = server.brokerage.user(user);
    if (!account) throw new Error('no demo user');
    sessionId = server.brokerage.sessions.open(account, {
      origin: 'control',
      brokerageOpen: true,
    }).id;
  });
  afterEach(async () => {
    listener.closeAllConnections();
    await new Promise((resolve) => listener.close(resolve));
  });

  /** A client of the session on the shared clock; its requests never time out on that clock,
   * which the tests move by minutes. `naive`: no retries. */
  const clientOf = (naive: boolean): BrokerageClient =>
    createBrokerageClient({
      baseUrl,
      auth: sessionCookie(sessionId),
      pacing: false,
      clock,
      timeoutMs: 24 * 60 * 60_000,
      ...(naive ? { retry: false } : {}),
    });
  /** Lets the event loop run (the requests go over the network). */
  const turns = async (count = 50) => {
    for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
  };
  /** Settles `promise`, moving the clock by `stepMs` between turns of the event loop. */
  async function settle<T>(promise: Promise<T>, stepMs: number): Promise<T> {
    let settled = false;
    const watched = promise.finally(() => {
      settled = true;
    });
    for (let step = 0; step < 200 && !settled; step++) {
      await turns();
      if (!settled) clock.advance(stepMs);
    }
    return watched;
  }

  it('the penalty box: a naive client is refused again and again; the typed client waits it out', async () => {
    const naive = clientOf(true);
    const typed = clientOf(false);
    server.controls.putInPenaltyBox(user, 30_000);
    for (let attempt = 0; attempt < 5; attempt++) {
      const refused = await naive.GET('/v1/api/iserver/accounts');
      expect(refused.response.status).toBe(429);
    }
    // 30 seconds: within the typed client's retry.maxRetryAfterMs, waited out by the request.
    const waited = await settle(typed.GET('/v1/api/iserver/accounts'), 1000);
    expect(waited.response.status).toBe(200);

    // The service's 10 minutes: the call that meets the box answers its 429, and the client
    // holds the next call until the box ends instead of sending it into the box.
    server.controls.putInPenaltyBox(user);
    const met = await typed.GET('/v1/api/iserver/accounts');
    expect([met.response.status, met.response.headers.get('retry-after')]).toEqual([429, '600']);
    const held = settle(typed.GET('/v1/api/portfolio/accounts'), 60_000);
    expect((await held).response.status).toBe(200);
    expect((await naive.GET('/v1/api/iserver/accounts')).response.status).toBe(200);
  });

  it('reply ids that expire: a naive loop ends with the order dropped; placeOrder places it again', async () => {
    const naive = clientOf(true);
    const typed = clientOf(false);
    await typed.GET('/v1/api/iserver/accounts');
    server.controls.expireReplyIds(user, 60_000);

    await expect(
      naive.placeOrder(accountId, farLimitBuy, { answer: slowOnce(clock), resubmitExpired: 0 }),
    ).rejects.toBeInstanceOf(ReplyInvalidatedError);
    expect((await typed.liveOrders()).length).toBe(0);

    const placed = await typed.placeOrder(accountId, farLimitBuy, { answer: slowOnce(clock) });
    expect(placed).toMatchObject([{ order_id: expect.any(String) }]);
    expect(await typed.liveOrders()).toMatchObject([{ side: 'BUY', conid: AAPL }]);
  });

  it('the live-orders cache: a naive client reads "no orders"; liveOrders asks again after the pacing interval', async () => {
    const naive = clientOf(true);
    const typed = clientOf(false);
    await typed.GET('/v1/api/iserver/accounts');
    await typed.placeOrder(accountId, { ...farLimitBuy, price: 189 });

    server.controls.clearLiveOrdersCache(user);
    const forced = await naive.GET('/v1/api/iserver/account/orders', {
      params: { query: { force: true } },
    });
    expect(forced.data).toEqual({ orders: [], snapshot: false });

    server.controls.clearLiveOrdersCache(user);
    const orders = await settle(typed.liveOrders({ force: true }), 1000);
    expect(orders).toMatchObject([{ side: 'BUY', conid: AAPL, price: '189.00' }]);
  });

  it('snapshot fields that accumulate: a naive reading gets fields it did not ask for; marketSnapshot reads what it asked', async () => {
    const naive = clientOf(true);
    const typed = clientOf(false);
    await typed.GET('/v1/api/iserver/accounts');
    server.controls.accumulateSnapshotFields(user);
    await settle(typed.marketSnapshot([AAPL], ['bid', 'ask']), 500);

    // A program that reads every field of the entry as the answer to its request (as clients that
    // map each code of the entry to a name do) gets the bid and the ask it did not ask for.
    const answer = await naive.GET('/v1/api/iserver/marketdata/snapshot', {
      params: { query: { conids: String(AAPL), fields: '31' } },
    });
    const entry = (answer.data ?? [])[0] ?? {};
    const codes = Object.keys(entry).filter((key) => /^\d+$/.test(key) && key !== '6119');
    expect(codes).toEqual(['31', '84', '86']);

    const [view] = await typed.marketSnapshot([AAPL], ['last']);
    expect(view?.raw).toEqual({ last: '189.50' });
    expect(view?.numbers).toEqual({ last: 189.5 });
  });
});

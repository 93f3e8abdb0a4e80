// The sandbox as a test file uses it: three lines, then the typed client, the controls and the
// clock; the state is back to the fixtures after each test.
import { useSandbox } from '../src/index.js';

const brokerage = useSandbox();
const account = 'U1234567';
const AAPL = 265598;

describe('useSandbox', () => {
  it('serves the typed client from a server on a free port', async () => {
    expect(brokerage.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { data } = await brokerage.client.GET('/v1/api/portfolio/accounts');
    expect(data?.map((entry) => entry.id)).toContain(account);
  });

  it('fills an order when the controls move the price through its limit', async () => {
    await brokerage.client.GET('/v1/api/iserver/accounts');
    const [entry] = await brokerage.client.placeOrder(account, {
      conid: AAPL,
      orderType: 'LMT',
      side: 'BUY',
      price: 185,
      quantity: 1,
      tif: 'DAY',
    });
    brokerage.controls.setPrice(AAPL, 184);
    const status = await brokerage.client.ok(
      brokerage.client.GET('/v1/api/iserver/account/order/status/{orderId}', {
        params: { path: { orderId: String(entry?.order_id) } },
      }),
    );
    expect(status.order_status).toBe('Filled');
  });

  it('starts every test from the fixtures: the previous test left no order', async () => {
    await brokerage.client.GET('/v1/api/iserver/accounts');
    const { data } = await brokerage.client.GET('/v1/api/iserver/account/orders');
    expect(data?.orders).toEqual([]);
  });

  it('injects faults, cleared by the reset', async () => {
    brokerage.controls.injectFault('getPortfolioAccounts', { status: 503, times: 1 });
    const { response } = await brokerage.client.GET('/v1/api/portfolio/accounts');
    expect(response.status).toBe(503);
    brokerage.controls.injectFault('getPortfolioAccounts', { status: 503 });
    brokerage.reset();
    expect((await brokerage.client.GET('/v1/api/portfolio/accounts')).response.status).toBe(200);
  });

  it('plays what the service does to a program in one line: an expired reply id, the penalty box', async () => {
    await brokerage.client.GET('/v1/api/iserver/accounts');
    brokerage.controls.expireReplyIds('demo_individual', 60_000);
    // 5 % below the last price: a warning (o163), read for over a minute the first time, so that
    // its first reply finds its id expired.
    let first = true;
    const placed = await brokerage.client.placeOrder(
      account,
      { conid: AAPL, orderType: 'LMT', side: 'BUY', price: 180, quantity: 1, tif: 'DAY' },
      {
        answer: () => {
          if (first) brokerage.clock.advance(60_000);
          first = false;
          return true;
        },
      },
    );
    expect(placed).toMatchObject([{ order_id: expect.any(String) }]);

    brokerage.controls.putInPenaltyBox('demo_individual', 60_000);
    const refused = await brokerage.client.GET('/v1/api/portfolio/accounts');
    expect([refused.response.status, refused.response.headers.get('retry-after')]).toEqual([
      429,
      '60',
    ]);
    brokerage.clock.advance(60_000);
    expect((await brokerage.client.GET('/v1/api/portfolio/accounts')).response.status).toBe(200);
  });

  it('moves time at once with the manual clock', () => {
    const before = brokerage.clock.now();
    brokerage.clock.advance(60 * 60_000);
    expect(brokerage.controls.readClock().now).toBe(before + 60 * 60_000);
  });
});

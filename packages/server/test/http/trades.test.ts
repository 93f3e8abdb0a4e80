import { startServer, type Harness } from '../harness.js';
import { AAPL, tradingCalls } from '../trading-helpers.js';

const dayMs = 24 * 60 * 60_000;

describe('trades', () => {
  let server: Harness;
  let calls: ReturnType<typeof tradingCalls>;
  const start = async (gatewayUser = 'demo_individual', accountId = 'U1234567') => {
    server = await startServer({ gatewayUser, sessionTimeoutMs: 30 * dayMs });
    calls = tradingCalls(server, accountId);
    await calls.suppress('o10151');
  };
  afterEach(() => server.close());
  /** The single sign-on lasts a day: later days need a new gateway session. */
  const newSession = async () => {
    server.openGatewaySession();
    await calls.suppress('o10151');
  };

  const marketOrder = (
    side: 'BUY' | 'SELL',
    quantity: number,
    extra: Record<string, unknown> = {},
  ) => ({
    conid: AAPL,
    orderType: 'MKT',
    side,
    tif: 'DAY',
    quantity,
    ...extra,
  });

  it('fills every field of an execution from the real order', async () => {
    await start();
    calls.setPrice(AAPL, 192.26);
    const placed = await calls.place(marketOrder('SELL', 5, { cOID: 'Order123' }));
    expect(Array.isArray(placed.body)).toBe(true);
    const answer = await calls.trades();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        execution_id: expect.stringMatching(/^[0-9a-f]{8}\.[0-9a-f]{8}\.01\.01$/),
        symbol: 'AAPL',
        supports_tax_opt: '1',
        side: 'S',
        order_description: 'Sold 5 @ 192.26 on NASDAQ',
        order_ref: 'Order123',
        trade_time: '20260105-15:00:00',
        trade_time_r: Date.UTC(2026, 0, 5, 15, 0, 0),
        size: 5,
        price: '192.26',
        submitter: 'demo_individual',
        exchange: 'NASDAQ',
        commission: '1.00',
        net_amount: 961.3,
        account: 'U1234567',
        accountCode: 'U1234567',
        account_allocation_name: 'U1234567',
        company_name: 'APPLE INC',
        contract_description_1: 'AAPL',
        sec_type: 'STK',
        listing_exchange: 'NASDAQ',
        conid: AAPL,
        conidEx: String(AAPL),
        clearing_id: 'IB',
        clearing_name: 'IB',
        liquidation_trade: '0',
        is_event_trading: '0',
        order_id: Number((placed.body as { order_id: string }[])[0]?.order_id),
      },
    ]);
  });

  it('charges the per-share rate above the minimum, capped at 1 % of the value', async () => {
    await start('demo_advisor', 'U2345671');
    await calls.suppress('o451', 'o383');
    calls.setPrice(AAPL, 100);
    await calls.place(marketOrder('BUY', 400)); // 400 × 0.005 = 2.00
    calls.setPrice(AAPL, 0.3);
    await calls.place(marketOrder('BUY', 1000)); // 5.00, capped at 1 % of 300
    server.brokerage.sessions.update(server.openGatewaySession(), {
      selectedAccountId: 'U2345671',
    });
    const commissions = (await calls.trades()).body.map(
      (trade: { commission: string }) => trade.commission,
    );
    expect(commissions).toEqual(['3.00', '2.00']);
  });

  it('covers the current day and up to six previous days, newest first', async () => {
    await start();
    await calls.place(marketOrder('BUY', 1, { cOID: 'first' }));
    server.clock.advance(2 * dayMs);
    await newSession();
    await calls.place(marketOrder('BUY', 2, { cOID: 'second' }));
    const refs = async (query: string) =>
      (await calls.trades(query)).body.map((trade: { order_ref: string }) => trade.order_ref);
    expect(await refs('')).toEqual(['second']);
    expect(await refs('?days=1')).toEqual(['second']);
    expect(await refs('?days=2')).toEqual(['second']);
    expect(await refs('?days=3')).toEqual(['second', 'first']);
    server.clock.advance(5 * dayMs);
    await newSession();
    expect(await refs('?days=7')).toEqual(['second']);
    expect((await calls.trades('?days=8')).status).toBe(400);
    expect((await calls.trades('?days=0')).status).toBe(400);
  });

  it('forgets trades past the window and closed orders of past days; positions and cash stay', async () => {
    await start();
    await calls.suppress('o163'); // the resting limit is far from the last price
    await calls.place(marketOrder('BUY', 3, { cOID: 'old' }));
    await calls.place({ ...marketOrder('BUY', 1), orderType: 'LMT', price: 150, tif: 'GTC' });
    const { executions, orders } = {
      executions: server.brokerage.store.collection('executions'),
      orders: server.brokerage.store.collection('orders'),
    };
    expect(executions.values()).toHaveLength(1);
    const account = structuredClone(calls.account());
    server.clock.advance(8 * dayMs);
    await newSession();
    await calls.accountsQueried();
    expect((await calls.trades('?days=7')).body).toEqual([]);
    expect(executions.values()).toEqual([]);
    // The filled order of the first day is gone; the resting GTC order is still listed.
    expect(orders.values().map((order) => order.tif)).toEqual(['GTC']);
    const listed = await calls.openOrders('?filters=filled');
    expect(listed.body).toMatchObject({ orders: [] });
    expect(calls.account()).toEqual(account);
  });

  it.each(['1e999', '-1e999', 'Infinity', '-Infinity'])(
    'answers 400 for days=%s (a number the validator coerces to an infinity)',
    async (days) => {
      await start();
      const answer = await calls.trades(`?days=${days}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: expect.stringContaining('days'), statusCode: 400 });
    },
  );

  it("lists the selected account's executions, with an advisor's sub-accounts", async () => {
    await start('demo_advisor', 'F7654321');
    await calls.place(marketOrder('BUY', 3, { acctId: 'U2345672' }));
    const [trade] = (await calls.trades()).body;
    expect(trade).toMatchObject({
      account: 'U2345672',
      account_allocation_name: 'U2345672',
      side: 'B',
      size: 3,
    });
    server.brokerage.sessions.update(server.openGatewaySession(), {
      selectedAccountId: 'U2345671',
    });
    expect((await calls.trades()).body).toEqual([]);
  });
});

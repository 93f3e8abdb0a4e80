import { startServer, type Harness } from '../harness.js';
import { AAPL, defined, EUR_USD, aaplBracket, limitBuy, tradingCalls } from '../trading-helpers.js';

const dayMs = 24 * 60 * 60_000;

describe('orders after transmission', () => {
  let server: Harness;
  let calls: ReturnType<typeof tradingCalls>;
  const start = async (options: Parameters<typeof startServer>[0] = {}) => {
    server = await startServer(options);
    calls = tradingCalls(server);
    await calls.suppress('o10151', 'o163', 'o451', 'o2137');
    calls.accountsQueried();
  };
  beforeEach(() => start());
  afterEach(() => server.close());

  const placeOne = async (order: Record<string, unknown>) => {
    const answer = await calls.place(order);
    expect(Array.isArray(answer.body)).toBe(true);
    return answer.body[0] as { order_id: string; order_status: string };
  };
  const statusOf = async (orderId: string) =>
    (await calls.status(orderId)).body.order_status as string;
  const aaplPosition = () => calls.account().positions.find((position) => position.conid === AAPL);

  describe('fills', () => {
    it('fills a market order at the simulated price, books it on the account and charges commission', async () => {
      const cashBefore = defined(calls.account().cash.USD);
      const netBefore = calls.values().total.netLiquidation;
      calls.setPrice(AAPL, 190);
      const placed = await placeOne({
        conid: AAPL,
        orderType: 'MKT',
        side: 'BUY',
        tif: 'DAY',
        quantity: 10,
        cOID: 'mkt-1',
      });
      expect(placed.order_status).toBe('Submitted');
      const status = (await calls.status(placed.order_id)).body;
      expect(status).toMatchObject({
        order_status: 'Filled',
        cum_fill: '10.0',
        size: '0.0',
        average_price: '190.00',
        side: 'B',
        order_type: 'MARKET',
      });
      expect(aaplPosition()?.quantity).toBe(110);
      expect(aaplPosition()?.averageCost).toBeCloseTo((100 * 170.25 + 10 * 190) / 110, 5);
      // 10 × 0.005 is below the 1.00 minimum.
      expect(calls.account().cash.USD).toBeCloseTo(cashBefore - 1900 - 1, 2);
      expect(calls.values().total.netLiquidation).toBeCloseTo(
        netBefore + 100 * (190 - 189.5) - 1,
        2,
      );
    });

    it('fills a limit order only when the price crosses it, at the simulated price', async () => {
      const placed = await placeOne(limitBuy(10, 185));
      calls.setPrice(AAPL, 186);
      expect(await statusOf(placed.order_id)).toBe('Submitted');
      calls.setPrice(AAPL, 184.5);
      expect((await calls.status(placed.order_id)).body).toMatchObject({
        order_status: 'Filled',
        average_price: '184.50',
      });
    });

    it('holds a stop order PreSubmitted until its stop is reached', async () => {
      const placed = await placeOne({
        conid: AAPL,
        orderType: 'STP',
        price: 184,
        side: 'SELL',
        tif: 'GTC',
        quantity: 10,
      });
      expect(placed.order_status).toBe('PreSubmitted');
      calls.setPrice(AAPL, 185);
      expect(await statusOf(placed.order_id)).toBe('PreSubmitted');
      calls.setPrice(AAPL, 183.9);
      expect((await calls.status(placed.order_id)).body).toMatchObject({
        order_status: 'Filled',
        average_price: '183.90',
        stop_price: '184.00',
      });
      expect(aaplPosition()?.quantity).toBe(90);
    });

    it('works a stop-limit order as a limit once triggered', async () => {
      const placed = await placeOne({
        conid: AAPL,
        orderType: 'STOP_LIMIT',
        price: 186,
        auxPrice: 187,
        side: 'SELL',
        tif: 'GTC',
        quantity: 5,
      });
      calls.setPrice(AAPL, 185.5);
      expect(await statusOf(placed.order_id)).toBe('Submitted');
      calls.setPrice(AAPL, 186.2);
      expect((await calls.status(placed.order_id)).body).toMatchObject({
        order_status: 'Filled',
        average_price: '186.20',
      });
    });

    it('moves a trailing stop with the market and fills when the market turns', async () => {
      const placed = await placeOne({
        conid: AAPL,
        orderType: 'TRAIL',
        trailingAmt: 2,
        trailingType: 'amt',
        side: 'SELL',
        tif: 'GTC',
        quantity: 5,
      });
      expect(placed.order_status).toBe('PreSubmitted');
      calls.setPrice(AAPL, 195);
      expect((await calls.status(placed.order_id)).body).toMatchObject({
        order_status: 'PreSubmitted',
        stop_price: '193.00',
      });
      calls.setPrice(AAPL, 193.5);
      expect(await statusOf(placed.order_id)).toBe('PreSubmitted');
      calls.setPrice(AAPL, 192.9);
      expect((await calls.status(placed.order_id)).body).toMatchObject({
        order_status: 'Filled',
        average_price: '192.90',
      });
    });

    it('holds a market-if-touched buy until the market falls to its trigger, then fills at the market', async () => {
      calls.setPrice(AAPL, 190);
      const placed = await placeOne({
        conid: AAPL,
        orderType: 'MIT',
        price: 186,
        side: 'BUY',
        tif: 'GTC',
        quantity: 5,
      });
      expect(placed.order_status).toBe('PreSubmitted');
      calls.setPrice(AAPL, 191);
      expect(await statusOf(placed.order_id)).toBe('PreSubmitted');
      calls.setPrice(AAPL, 185.9);
      expect((await calls.status(placed.order_id)).body).toMatchObject({
        order_status: 'Filled',
        order_type: 'MIT',
        stop_price: '186.00',
        average_price: '185.90',
      });
    });

    it('works a limit-if-touched sell as a limit once the market rises to its trigger', async () => {
      calls.setPrice(AAPL, 190);
      const placed = await placeOne({
        conid: AAPL,
        orderType: 'LIT',
        price: 196,
        auxPrice: 195,
        side: 'SELL',
        tif: 'GTC',
        quantity: 5,
      });
      expect(placed.order_status).toBe('PreSubmitted');
      calls.setPrice(AAPL, 195.5);
      expect(await statusOf(placed.order_id)).toBe('Submitted');
      calls.setPrice(AAPL, 196.1);
      const order = (await calls.openOrders()).body.orders[0];
      expect(order).toMatchObject({
        status: 'Filled',
        origOrderType: 'LIT',
        orderType: 'Limit if Touched',
        price: '196.00',
        auxPrice: '195.00',
        avgPrice: '196.10',
      });
    });

    it('fills relative, market-on-close and limit-on-close orders as their plain counterparts', async () => {
      calls.setPrice(AAPL, 190);
      const relative = await placeOne({ ...limitBuy(1, 191), orderType: 'REL' });
      const onClose = await placeOne({ ...limitBuy(1, 191), orderType: 'MOC', price: undefined });
      const limitOnClose = await placeOne({ ...limitBuy(1, 189), orderType: 'LOC' });
      expect(await statusOf(relative.order_id)).toBe('Filled');
      expect(await statusOf(onClose.order_id)).toBe('Filled');
      expect(await statusOf(limitOnClose.order_id)).toBe('Submitted');
      expect((await calls.status(limitOnClose.order_id)).body).toMatchObject({
        order_type: 'LIMITONCLOSE',
        limit_price: '189.00',
      });
    });

    it('records realized P&L and cash when a position is reduced', async () => {
      calls.setPrice(AAPL, 200);
      const cashBefore = defined(calls.account().cash.USD);
      await placeOne({ conid: AAPL, orderType: 'MKT', side: 'SELL', tif: 'DAY', quantity: 50 });
      expect(calls.account().realizedPnl?.USD).toBeCloseTo(50 * (200 - 170.25), 2);
      expect(calls.account().cash.USD).toBeCloseTo(cashBefore + 50 * 200 - 1, 2);
      expect(calls.values().total.realizedPnl).toBeCloseTo(1487.5, 2);
      expect(aaplPosition()).toEqual({
        conid: AAPL,
        quantity: 50,
        averageCost: 170.25,
        realizedPnl: 1487.5,
      });
    });

    it('sizes a cash quantity order in units of the contract', async () => {
      const placed = await placeOne({
        conid: AAPL,
        orderType: 'MKT',
        side: 'BUY',
        tif: 'DAY',
        cashQty: 1000,
      });
      const [live] = (await calls.openOrders()).body.orders;
      expect(live).toMatchObject({
        orderId: Number(placed.order_id),
        totalCashSize: 1000,
        totalSize: 5.277,
        status: 'Filled',
      });
      expect(aaplPosition()?.quantity).toBeCloseTo(105.277, 6);
    });

    it('converts currency with fxQty and isCcyConv', async () => {
      const { EUR, USD } = calls.account().cash;
      await placeOne({
        conid: EUR_USD,
        orderType: 'MKT',
        side: 'SELL',
        tif: 'DAY',
        fxQty: 5000,
        isCcyConv: true,
      });
      expect(calls.account().cash.EUR).toBe(defined(EUR) - 5000);
      // 0.002 % of 5,425 is below the 2.00 minimum.
      expect(calls.account().cash.USD).toBeCloseTo(defined(USD) + 5000 * 1.085 - 2, 2);
      expect(calls.account().positions.some((position) => position.conid === EUR_USD)).toBe(false);
    });

    it('makes an order the account cannot take Inactive (a short sale on a cash account)', async () => {
      const placed = await placeOne({
        conid: AAPL,
        orderType: 'MKT',
        side: 'SELL',
        tif: 'DAY',
        quantity: 500,
      });
      expect(await statusOf(placed.order_id)).toBe('Inactive');
      expect(aaplPosition()?.quantity).toBe(100);
    });

    it('cancels an IOC order that cannot fill at once', async () => {
      const placed = await placeOne(limitBuy(10, 185, { tif: 'IOC' }));
      expect(await statusOf(placed.order_id)).toBe('Cancelled');
    });

    it('cancels day orders at the end of the day and keeps GTC orders working', async () => {
      await server.close();
      await start({ sessionTimeoutMs: dayMs });
      const day = await placeOne(limitBuy(1, 185));
      const gtc = await placeOne(limitBuy(1, 185, { tif: 'GTC' }));
      // The clock starts at 15:00 UTC: ten hours later it is the next day.
      server.clock.advance(10 * 60 * 60_000);
      expect(await statusOf(gtc.order_id)).toBe('Submitted');
      const listed = (await calls.openOrders()).body.orders.map((order: { orderId: number }) =>
        String(order.orderId),
      );
      expect(listed).toEqual([gtc.order_id]);
      const expired = defined(server.brokerage.store.collection('orders').get(day.order_id));
      expect(expired).toMatchObject({
        status: 'Cancelled',
        updatedAt: Date.UTC(2026, 0, 5, 23, 59, 59),
      });
      // An order closed on an earlier day is no longer an order of the day.
      const status = await calls.status(day.order_id);
      expect(status.status).toBe(500);
      expect(status.body.error).toBe(`OrderID ${day.order_id} doesn't exist`);
    });
  });

  describe('brackets and OCA groups', () => {
    it('activates the children when the parent fills, and the first child to fill cancels the other', async () => {
      const [parent, profit, stop] = (await calls.place(...aaplBracket('b-parent', { tif: 'GTC' })))
        .body;
      calls.setPrice(AAPL, 196); // the children must not fill before their parent
      expect(await statusOf(profit.order_id)).toBe('PreSubmitted');
      calls.setPrice(AAPL, 188.9);
      expect(await statusOf(parent.order_id)).toBe('Filled');
      expect(await statusOf(profit.order_id)).toBe('Submitted');
      expect(await statusOf(stop.order_id)).toBe('PreSubmitted');
      expect(aaplPosition()?.quantity).toBe(110);
      calls.setPrice(AAPL, 195.5);
      expect(await statusOf(profit.order_id)).toBe('Filled');
      expect(await statusOf(stop.order_id)).toBe('Cancelled');
      expect(aaplPosition()?.quantity).toBe(100);
      const live = (await calls.openOrders()).body.orders.find(
        (order: { orderId: number }) => String(order.orderId) === profit.order_id,
      );
      expect(live.parentId).toBe(Number(parent.order_id));
    });

    it('cancels the other members of an OCA group when one fills', async () => {
      const [high, low] = (
        await calls.place(
          { ...limitBuy(5, 195, { isSingleGroup: true, tif: 'GTC' }), side: 'SELL' },
          {
            conid: AAPL,
            orderType: 'STP',
            price: 184,
            side: 'SELL',
            tif: 'GTC',
            quantity: 5,
            isSingleGroup: true,
          },
        )
      ).body;
      calls.setPrice(AAPL, 183);
      expect(await statusOf(low.order_id)).toBe('Filled');
      expect(await statusOf(high.order_id)).toBe('Cancelled');
      expect((await calls.status(high.order_id)).body.oca_group_id).toEqual(expect.any(String));
    });
  });

  describe('cancellation', () => {
    it('cancels a working order, then refuses to cancel it again', async () => {
      const placed = await placeOne(limitBuy(1, 185));
      const answer = await calls.cancel(placed.order_id);
      expect(answer.body).toEqual({
        msg: 'Request was submitted',
        order_id: Number(placed.order_id),
        conid: AAPL,
        account: 'U1234567',
      });
      expect(await statusOf(placed.order_id)).toBe('Cancelled');
      expect((await calls.cancel(placed.order_id)).body).toEqual({
        error: `Order ${placed.order_id} cannot be cancelled in status Cancelled`,
      });
      calls.setPrice(AAPL, 180);
      expect(await statusOf(placed.order_id)).toBe('Cancelled');
    });

    it('answers a reject for an unknown order, and cancels the children of a bracket parent', async () => {
      expect((await calls.cancel(1)).body).toEqual({ error: "OrderID 1 doesn't exist" });
      const [parent, child] = (
        await calls.place(limitBuy(1, 185, { cOID: 'cp' }), {
          conid: AAPL,
          parentId: 'cp',
          orderType: 'LMT',
          price: 195,
          side: 'SELL',
          tif: 'GTC',
          quantity: 1,
        })
      ).body;
      await calls.cancel(parent.order_id);
      expect(await statusOf(child.order_id)).toBe('Cancelled');
    });
  });

  describe('modification', () => {
    it('needs GET /iserver/accounts first', async () => {
      server.brokerage.sessions.update(server.openGatewaySession(), { accountsQueried: false });
      const answer = await calls.modify(1, limitBuy(1, 185));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: 'Please query /iserver/accounts first',
        statusCode: 400,
      });
    });

    it('replaces the order under the same id, and fills it when the new price is marketable', async () => {
      const placed = await placeOne(limitBuy(10, 185, { cOID: 'keep-me' }));
      const modified = await calls.modify(placed.order_id, limitBuy(10, 186));
      expect(modified.body).toEqual([
        {
          order_id: placed.order_id,
          order_status: 'Submitted',
          encrypt_message: '1',
          local_order_id: 'keep-me',
        },
      ]);
      expect((await calls.status(placed.order_id)).body).toMatchObject({
        limit_price: '186.00',
        order_status: 'Submitted',
      });
      await calls.modify(placed.order_id, limitBuy(10, 190));
      expect((await calls.status(placed.order_id)).body).toMatchObject({
        order_status: 'Filled',
        average_price: '189.50',
      });
    });

    it('raises a new warning round, confirmed through the reply operation', async () => {
      await server.call('POST', '/v1/api/iserver/questions/suppress/reset');
      const placed = await placeOne(limitBuy(10, 189));
      const warning = (await calls.modify(placed.order_id, limitBuy(200, 189))).body;
      expect(warning[0].messageIds).toEqual(['o451']);
      expect((await calls.status(placed.order_id)).body.total_size).toBe('10.0');
      const done = await calls.reply(warning[0].id);
      expect(done.body).toEqual([expect.objectContaining({ order_id: placed.order_id })]);
      expect((await calls.status(placed.order_id)).body.total_size).toBe('200.0');
    });

    it('invalidates a pending warning of the account', async () => {
      await server.call('POST', '/v1/api/iserver/questions/suppress/reset');
      const placed = await placeOne(limitBuy(1, 189));
      const warning = (await calls.place(limitBuy(200, 189))).body;
      await calls.modify(placed.order_id, limitBuy(2, 189));
      expect((await calls.reply(warning[0].id)).status).toBe(503);
    });

    it('rejects unknown and closed orders and changes of contract or side', async () => {
      expect((await calls.modify(42, limitBuy(1, 185))).body).toEqual({
        error: "OrderID 42 doesn't exist",
      });
      const placed = await placeOne(limitBuy(1, 185));
      expect(
        (await calls.modify(placed.order_id, { ...limitBuy(1, 185), side: 'SELL' })).body,
      ).toEqual({
        error: 'The contract and side of an order cannot be modified',
      });
      await calls.cancel(placed.order_id);
      expect((await calls.modify(placed.order_id, limitBuy(1, 186))).body).toEqual({
        error: `Order ${placed.order_id} cannot be modified in status Cancelled`,
      });
    });

    it('answers invalid content with 500', async () => {
      const placed = await placeOne(limitBuy(1, 185));
      const answer = await calls.modify(placed.order_id, {
        conid: AAPL,
        orderType: 'LMT',
        side: 'BUY',
        tif: 'DAY',
        quantity: 1,
      });
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({
        error: 'Invalid order: order.price is required for orderType LMT',
        statusCode: 500,
      });
    });
  });

  describe('lists and status', () => {
    it('needs GET /iserver/accounts before the open orders', async () => {
      server.brokerage.sessions.update(server.openGatewaySession(), { accountsQueried: false });
      const answer = await calls.openOrders();
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: 'Please query /iserver/accounts first',
        statusCode: 400,
      });
    });

    it('lists the orders of the day with every field filled from the order', async () => {
      const placed = await placeOne(limitBuy(10, 185, { cOID: 'Order123' }));
      const answer = (await calls.openOrders()).body;
      expect(answer.snapshot).toBe(true);
      expect(answer.orders).toEqual([
        expect.objectContaining({
          acct: 'U1234567',
          conid: AAPL,
          orderId: Number(placed.order_id),
          cashCcy: 'USD',
          sizeAndFills: '0/10',
          orderDesc: 'Buy 10 Limit 185.00, Day',
          ticker: 'AAPL',
          secType: 'STK',
          remainingQuantity: 10,
          filledQuantity: 0,
          totalSize: 10,
          companyName: 'APPLE INC',
          status: 'Submitted',
          origOrderType: 'LIMIT',
          orderType: 'Limit',
          side: 'BUY',
          price: '185.00',
          timeInForce: 'DAY',
          lastExecutionTime: '260105150000',
          lastExecutionTime_r: server.clock.now(),
          order_ref: 'Order123',
        }),
      ]);
    });

    it('filters by status and sorts by time', async () => {
      const first = await placeOne(limitBuy(1, 185));
      server.clock.advance(1000);
      const second = await placeOne(limitBuy(1, 185));
      server.clock.advance(1000);
      const ids = async (query: string) =>
        (await calls.openOrders(query)).body.orders.map((order: { orderId: number }) =>
          String(order.orderId),
        );
      expect(await ids('')).toEqual([first.order_id, second.order_id]);
      expect(await ids('?filters=sort_by_time')).toEqual([second.order_id, first.order_id]);
      await calls.cancel(first.order_id);
      expect(await ids('?filters=SortByTime')).toEqual([first.order_id, second.order_id]);
      expect(await ids('?filters=cancelled')).toEqual([first.order_id]);
      expect(await ids('?filters=Submitted,filled')).toEqual([second.order_id]);
      expect((await calls.openOrders('?filters=bogus')).status).toBe(400);
    });

    it('answers 500 for an order id the user has no order under', async () => {
      const answer = await calls.status('1370099999');
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ error: "OrderID 1370099999 doesn't exist", statusCode: 500 });
    });
  });

  describe('an advisor trading for a sub-account', () => {
    it('allocates the order to the sub-account and books the fill there', async () => {
      await server.close();
      server = await startServer({ gatewayUser: 'demo_advisor' });
      const advisor = tradingCalls(server, 'F7654321');
      await advisor.suppress('o10151');
      advisor.accountsQueried();
      const placed = (
        await advisor.place({
          conid: AAPL,
          orderType: 'MKT',
          side: 'BUY',
          tif: 'DAY',
          quantity: 10,
          acctId: 'U2345671',
        })
      ).body[0];
      const [live] = (await advisor.openOrders()).body.orders;
      expect(live).toMatchObject({
        acct: 'F7654321',
        account: 'U2345671',
        orderId: Number(placed.order_id),
        status: 'Filled',
      });
      expect(
        defined(server.brokerage.account('U2345671')).positions.find(
          (position) => position.conid === AAPL,
        )?.quantity,
      ).toBe(310);
      expect(defined(server.brokerage.account('F7654321')).positions).toEqual([]);
    });
  });
});

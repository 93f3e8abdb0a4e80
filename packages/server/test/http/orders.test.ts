import { rejectRules, warningRules } from '../../src/domain/orders/order-rules.js';
import { startServer, type Harness } from '../harness.js';
import {
  AAPL,
  BRK_B,
  defined,
  ES_EXPIRED,
  ES_MARCH,
  aaplBracket,
  limitBuy,
  MSFT,
  tradingCalls,
} from '../trading-helpers.js';

describe('placing orders: the rule table', () => {
  let server: Harness;
  let calls: ReturnType<typeof tradingCalls>;
  beforeEach(async () => {
    server = await startServer();
    calls = tradingCalls(server);
  });
  afterEach(() => server.close());

  it('keeps the rule table as data, in the documented order', () => {
    expect(rejectRules.map((rule) => rule.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(warningRules.map((rule) => rule.messageId)).toEqual([
      'o10151',
      'o163',
      'o354',
      'o383',
      'o451',
      'o2137',
    ]);
  });

  it('transmits an order no rule applies to with a success entry', async () => {
    const answer = await calls.place(limitBuy(10, 189, { cOID: 'Order123' }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        order_id: expect.stringMatching(/^\d+$/),
        order_status: 'Submitted',
        encrypt_message: '1',
        local_order_id: 'Order123',
      },
    ]);
  });

  describe('rejects', () => {
    it('1: no trading permission for the security type', async () => {
      const answer = await calls.place({
        conid: ES_MARCH,
        orderType: 'LMT',
        price: 6040,
        side: 'BUY',
        tif: 'DAY',
        quantity: 1,
      });
      expect(answer.body).toEqual({ error: 'No trading permissions for FUT' });
    });

    it('2: an expired contract', async () => {
      await server.close();
      server = await startServer({ gatewayUser: 'demo_advisor' });
      const advisor = tradingCalls(server, 'U2345671');
      const answer = await advisor.place({
        conid: ES_EXPIRED,
        orderType: 'LMT',
        price: 6010,
        side: 'BUY',
        tif: 'DAY',
        quantity: 1,
      });
      expect(answer.body).toEqual({ error: `Contract ${ES_EXPIRED} is expired or not tradable` });
    });

    it('3: a limit price more than 50 % from the last price', async () => {
      expect((await calls.place(limitBuy(1, 90))).body).toEqual({
        error: 'Limit price too far from market',
      });
      expect((await calls.place(limitBuy(1, 290))).body).toEqual({
        error: 'Limit price too far from market',
      });
    });

    it('4: a BUY above the available funds', async () => {
      const funds = calls.values().availableFunds;
      expect(800 * 189).toBeGreaterThan(funds);
      expect((await calls.place(limitBuy(800, 189))).body).toEqual({ error: 'Insufficient funds' });
    });

    it('5: unrelated orders in bulk', async () => {
      const answer = await calls.place(limitBuy(1, 189), limitBuy(2, 189));
      expect(answer.body).toEqual({
        error: 'Only OCA groups and bracket orders may be placed together',
      });
    });

    it('6: a cOID used today by the account, or twice in the request', async () => {
      await calls.place(limitBuy(1, 189, { cOID: 'dup' }));
      expect((await calls.place(limitBuy(1, 189, { cOID: 'dup' }))).body).toEqual({
        error: "Order couldn't be submitted: Local order ID=dup is already registered.",
      });
      const twice = await calls.place(
        limitBuy(1, 189, { cOID: 'twin', isSingleGroup: true }),
        limitBuy(1, 189, { cOID: 'twin', isSingleGroup: true }),
      );
      expect(twice.body).toEqual({
        error: "Order couldn't be submitted: Local order ID=twin is already registered.",
      });
    });

    it('answers the first rule of the table when several apply, and places nothing', async () => {
      // Permission (1) and price distance (3) both apply: 1 wins.
      const answer = await calls.place({
        conid: ES_MARCH,
        orderType: 'LMT',
        price: 10,
        side: 'BUY',
        tif: 'DAY',
        quantity: 1,
      });
      expect(answer.body).toEqual({ error: 'No trading permissions for FUT' });
      calls.accountsQueried();
      expect((await calls.openOrders()).body.orders).toEqual([]);
    });
  });

  describe('warnings', () => {
    const warningOf = (body: unknown) => {
      expect(body).toEqual([
        {
          id: expect.any(String),
          message: [expect.any(String)],
          isSuppressed: false,
          messageIds: [expect.any(String)],
        },
      ]);
      const [entry] = body as { id: string; message: string[]; messageIds: string[] }[];
      return defined(entry);
    };

    it('o10151: a market order', async () => {
      const warning = warningOf(
        (
          await calls.place({
            conid: AAPL,
            orderType: 'MKT',
            side: 'SELL',
            tif: 'DAY',
            quantity: 5,
          })
        ).body,
      );
      expect(warning.messageIds).toEqual(['o10151']);
      expect(warning.message[0]).toMatch(/^You are submitting a market order\./);
      expect(warning.message[0]).toMatch(/\nAre you sure you want to submit this order\?$/);
    });

    it('o163: a limit price more than 3 % from the last price', async () => {
      const warning = warningOf((await calls.place(limitBuy(10, 180))).body);
      expect(warning.messageIds).toEqual(['o163']);
      expect(warning.message[0]).toMatch(
        /^The following order "BUY 10 AAPL NASDAQ @ 180\.00" price exceeds the Percentage constraint of 3%\./,
      );
    });

    it('o354: no market data', async () => {
      const warning = warningOf(
        (
          await calls.place({
            conid: BRK_B,
            orderType: 'LMT',
            price: 400,
            side: 'BUY',
            tif: 'DAY',
            quantity: 1,
          })
        ).body,
      );
      expect(warning.messageIds).toEqual(['o354']);
      // The service's words, as its reference shows them.
      expect(warning.message).toEqual([
        'You are submitting an order without market data. We strongly recommend against this as it may result in erroneous and unexpected trades.\nAre you sure you want to submit this order?',
      ]);
    });

    it('o383: more than 1000 units', async () => {
      const warning = warningOf(
        (await calls.place({ ...limitBuy(1500, 189.5), side: 'SELL' })).body,
      );
      expect(warning.messageIds).toEqual(['o383']);
      expect(warning.message[0]).toContain('size exceeds the Size Limit of 1000.');
    });

    it('o451: a value above 20 % of the net liquidation value', async () => {
      const { total } = calls.values();
      expect(200 * 189.5).toBeGreaterThan(total.netLiquidation * 0.2);
      const warning = warningOf((await calls.place(limitBuy(200, 189.5))).body);
      expect(warning.messageIds).toEqual(['o451']);
      expect(warning.message[0]).toContain(
        'value estimate of 37,900.00 USD exceeds \nthe Total Value Limit of',
      );
    });

    it('o2137: an open order on the opposite side of the contract', async () => {
      await calls.place({ ...limitBuy(10, 195), side: 'SELL' });
      const warning = warningOf((await calls.place(limitBuy(10, 185))).body);
      expect(warning.messageIds).toEqual(['o2137']);
    });

    it('confirming goes on down the table, then transmits', async () => {
      const first = warningOf(
        (await calls.place({ ...limitBuy(1500, 189.5), side: 'SELL', cOID: 'big' })).body,
      );
      expect(first.messageIds).toEqual(['o383']);
      const second = warningOf((await calls.reply(first.id)).body);
      expect(second.messageIds).toEqual(['o451']);
      expect(second.id).not.toBe(first.id);
      const done = await calls.reply(second.id);
      expect(done.body).toEqual([
        expect.objectContaining({ order_status: 'Submitted', local_order_id: 'big' }),
      ]);
    });

    it('holds the order back: nothing is transmitted until the warning is confirmed', async () => {
      calls.accountsQueried();
      warningOf((await calls.place(limitBuy(200, 189.5))).body);
      expect((await calls.openOrders()).body.orders).toEqual([]);
    });

    it('confirmed false drops the order, and the reply id is used up', async () => {
      calls.accountsQueried();
      const warning = warningOf((await calls.place(limitBuy(200, 189.5))).body);
      expect((await calls.reply(warning.id, false)).body).toEqual({
        error: 'Order not confirmed ',
      });
      expect((await calls.openOrders()).body.orders).toEqual([]);
      const again = await calls.reply(warning.id, true);
      expect(again.status).toBe(503);
      expect(again.body).toEqual({ error: 'Reply ID not found', statusCode: 503 });
    });

    it('a further order before the confirmation invalidates the reply (the "Reply ID not found" trap)', async () => {
      const warning = warningOf((await calls.place(limitBuy(200, 189.5))).body);
      await calls.place(limitBuy(1, 189));
      const late = await calls.reply(warning.id);
      expect(late.status).toBe(503);
      expect(late.body).toEqual({ error: 'Reply ID not found', statusCode: 503 });
    });

    it('a rejected further order invalidates the reply too', async () => {
      const warning = warningOf((await calls.place(limitBuy(200, 189.5))).body);
      expect((await calls.place(limitBuy(1, 50))).body).toEqual({
        error: 'Limit price too far from market',
      });
      expect((await calls.reply(warning.id)).status).toBe(503);
    });

    it('answers 503 for an unknown reply id, 400 for a confirmation that is not a boolean', async () => {
      expect((await calls.reply('0f0f0f0f-0000-4000-8000-000000000000')).status).toBe(503);
      const warning = warningOf((await calls.place(limitBuy(200, 189.5))).body);
      expect((await calls.reply(warning.id, 'true')).status).toBe(400);
      // The refused answer did not use the reply id up.
      expect(Array.isArray((await calls.reply(warning.id)).body)).toBe(true);
    });

    it('suppressed ids skip their warnings until reset', async () => {
      expect((await calls.suppress('o10151', 'o451')).body).toEqual({ status: 'submitted' });
      const market = { conid: AAPL, orderType: 'MKT', side: 'BUY', tif: 'DAY', quantity: 200 };
      expect((await calls.place(market)).body).toEqual([
        expect.objectContaining({ order_status: 'Submitted' }),
      ]);
      expect((await server.call('POST', '/v1/api/iserver/questions/suppress/reset')).body).toEqual({
        status: 'submitted',
      });
      expect(warningOf((await calls.place({ ...market, quantity: 1 })).body).messageIds).toEqual([
        'o10151',
      ]);
    });

    it('skips a suppressed warning in the middle of the table', async () => {
      await calls.suppress('o383');
      const warning = warningOf(
        (await calls.place({ ...limitBuy(1500, 189.5), side: 'SELL' })).body,
      );
      expect(warning.messageIds).toEqual(['o451']);
    });

    it('refuses more than 64 suppressed ids in a session', async () => {
      const ids = (from: number) => Array.from({ length: 40 }, (_, index) => `o${from + index}`);
      expect((await calls.suppress(...ids(1))).status).toBe(200);
      expect((await calls.suppress(...ids(100))).status).toBe(400);
    });
  });

  describe('invalid request content answers 500', () => {
    it.each([
      [
        'LMT without price',
        { conid: AAPL, orderType: 'LMT', side: 'BUY', tif: 'DAY', quantity: 1 },
        'Invalid order: orders[0].price is required for orderType LMT',
      ],
      [
        'an unknown contract',
        { conid: 999999999, orderType: 'MKT', side: 'BUY', tif: 'DAY', quantity: 1 },
        'Invalid order: contract 999999999 not found',
      ],
      [
        'an acctId that is not the path account',
        { ...limitBuy(1, 189), acctId: 'U2345671' },
        'Account U2345671 not found',
      ],
      [
        'cashQty with an order type outside cqtTypes',
        { conid: AAPL, orderType: 'MIDPRICE', side: 'BUY', tif: 'DAY', cashQty: 500 },
        'Invalid order: orders[0].cashQty is not accepted for orderType MIDPRICE on STK',
      ],
      [
        'fxQty on a stock',
        { conid: AAPL, orderType: 'MKT', side: 'BUY', tif: 'DAY', fxQty: 500, isCcyConv: true },
        'Invalid order: orders[0].isCcyConv needs a currency pair, contract 265598 is STK',
      ],
    ])('%s', async (_name, order, error) => {
      const answer = await calls.place(order);
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ error, statusCode: 500 });
    });

    it('a body that fails the schema', async () => {
      const answer = await calls.place({
        conid: AAPL,
        orderType: 'LMT',
        side: 'BUY',
        tif: 'DAY',
        price: 189,
      });
      expect(answer.status).toBe(500);
      expect(answer.body.error).toMatch(/^Bad Request:/);
    });

    it('an account the user may not trade', async () => {
      const answer = await tradingCalls(server, 'U9999999').place(limitBuy(1, 189));
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ error: 'Account U9999999 not found', statusCode: 500 });
    });
  });

  describe('one order at a time per account', () => {
    it('serialises concurrent placements: none is lost or duplicated', async () => {
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, index) =>
          calls.place(limitBuy(1, 189, { cOID: `c-${index}` })),
        ),
      );
      const ids = answers.map((answer) => answer.body[0].order_id as string);
      expect(new Set(ids).size).toBe(25);
      calls.accountsQueried();
      const listed = (await calls.openOrders()).body.orders as {
        orderId: number;
        order_ref: string;
      }[];
      expect(listed.map((order) => String(order.orderId)).sort()).toEqual([...ids].sort());
      expect(new Set(listed.map((order) => order.order_ref)).size).toBe(25);
    });

    it('lets exactly one of concurrent orders with the same cOID through', async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => calls.place(limitBuy(1, 189, { cOID: 'same' }))),
      );
      expect(answers.filter((answer) => Array.isArray(answer.body))).toHaveLength(1);
      expect(
        answers.filter(
          (answer) =>
            answer.body.error ===
            "Order couldn't be submitted: Local order ID=same is already registered.",
        ),
      ).toHaveLength(9);
    });

    it('leaves only the last of concurrent warned orders confirmable', async () => {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => calls.place(limitBuy(200, 189.5))),
      );
      const replies = [];
      for (const answer of answers)
        replies.push((await calls.reply(answer.body[0].id, false)).status);
      expect(replies.sort()).toEqual([200, 503, 503, 503, 503]);
    });
  });

  describe('bulk orders', () => {
    it('places a bracket: the children wait for the parent', async () => {
      const answer = await calls.place(...aaplBracket('parent'));
      const [parent, profit, stop] = answer.body;
      expect(parent).toEqual(
        expect.objectContaining({ order_status: 'Submitted', local_order_id: 'parent' }),
      );
      expect(profit).toEqual(
        expect.objectContaining({ order_status: 'PreSubmitted', parent_order_id: parent.order_id }),
      );
      expect(stop).toEqual(
        expect.objectContaining({ order_status: 'PreSubmitted', parent_order_id: parent.order_id }),
      );
    });

    it('checks only the bracket parent against funds and value', async () => {
      // A sell child worth more than 20 % of the net liquidation value raises no o451.
      const answer = await calls.place(limitBuy(10, 189, { cOID: 'p' }), {
        conid: AAPL,
        parentId: 'p',
        orderType: 'LMT',
        price: 190,
        side: 'SELL',
        tif: 'GTC',
        quantity: 999,
      });
      expect(answer.body).toHaveLength(2);
      expect(answer.body[1].order_status).toBe('PreSubmitted');
    });

    it('places an OCA group, and refuses a child whose parent is not in the request', async () => {
      const group = await calls.place(
        { ...limitBuy(5, 195, { isSingleGroup: true }), side: 'SELL' },
        {
          conid: AAPL,
          orderType: 'STP',
          price: 184,
          side: 'SELL',
          tif: 'GTC',
          quantity: 5,
          isSingleGroup: true,
        },
      );
      expect(group.body.map((entry: { order_status: string }) => entry.order_status)).toEqual([
        'Submitted',
        'PreSubmitted',
      ]);
      const orphan = await calls.place(limitBuy(1, 189, { parentId: 'nobody' }));
      expect(orphan.status).toBe(500);
    });

    it('evaluates the warnings of every order of a group', async () => {
      const answer = await calls.place(
        limitBuy(1, 189, { isSingleGroup: true }),
        limitBuy(1, 180, { conid: MSFT, price: 400, isSingleGroup: true }),
      );
      expect(answer.body[0].messageIds).toEqual(['o163']);
    });
  });
});

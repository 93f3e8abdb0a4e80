import { formatWhole } from '../../src/domain/accounts/amount-format.js';
import { startServer, type Harness } from '../harness.js';
import { AAPL, BRK_B, defined, limitBuy, tradingCalls } from '../trading-helpers.js';

describe('order preview (what-if)', () => {
  let server: Harness;
  let calls: ReturnType<typeof tradingCalls>;
  beforeEach(async () => {
    server = await startServer();
    calls = tradingCalls(server);
    calls.accountsQueried();
  });
  afterEach(() => server.close());

  const preview = (...orders: Record<string, unknown>[]) =>
    server.call('POST', '/v1/api/iserver/account/U1234567/orders/whatif', { body: { orders } });
  const marketOrder = (side: 'BUY' | 'SELL', quantity: number) => ({
    conid: AAPL,
    orderType: 'MKT',
    side,
    tif: 'DAY',
    quantity,
  });
  const state = () => {
    const { store } = server.brokerage;
    return structuredClone({
      accounts: store.collection('accounts').values(),
      orders: store.collection('orders').values(),
      replies: store.collection('orderReplies').values(),
      executions: store.collection('executions').values(),
    });
  };

  it('changes nothing: no order, no execution, the account as it was, a pending warning still answerable', async () => {
    calls.setPrice(AAPL, 190);
    const warning = await calls.place(marketOrder('BUY', 10));
    const replyId = defined(warning.body[0]?.id as string | undefined, 'reply id');
    const before = state();
    const answer = await preview(marketOrder('BUY', 10));
    expect(answer.status).toBe(200);
    expect(state()).toEqual(before);
    expect((await calls.reply(replyId)).status).toBe(200);
  });

  it('answers the margin, equity and position that placing the same order then books', async () => {
    calls.setPrice(AAPL, 190);
    const before = calls.values();
    const { body } = await preview(marketOrder('BUY', 10));
    await calls.suppress('o10151', 'o451');
    await calls.place(marketOrder('BUY', 10));
    const after = calls.values();
    expect(body).toEqual({
      amount: { amount: '1,900.00 USD (10 Shares)', commission: '1 USD', total: '1,901.00 USD' },
      equity: {
        current: formatWhole(before.equityWithLoan),
        change: formatWhole(Math.round(after.equityWithLoan) - Math.round(before.equityWithLoan)),
        after: formatWhole(after.equityWithLoan),
      },
      initial: {
        current: formatWhole(before.initialMargin),
        change: '950',
        after: formatWhole(after.initialMargin),
      },
      maintenance: {
        current: formatWhole(before.maintenanceMargin),
        change: '475',
        after: formatWhole(after.maintenanceMargin),
      },
      position: { current: '100', change: '10', after: '110' },
      warn: expect.stringMatching(/^10151\/You are submitting a market order\./),
      error: null,
    });
    // The market order paid 1.00 commission and was valued at the price it filled at.
    expect(after.equityWithLoan).toBeCloseTo(before.equityWithLoan - 1, 2);
  });

  it('values a limit order at its limit and a sale as a smaller position', async () => {
    const { body } = await preview({ ...limitBuy(5, 188), side: 'SELL' });
    expect(body.amount).toEqual({
      amount: '940.00 USD (5 Shares)',
      commission: '1 USD',
      total: '941.00 USD',
    });
    expect(body.position).toEqual({ current: '100', change: '-5', after: '95' });
    expect(body.warn).toBeNull();
  });

  it('answers the reject placement would meet in error, with the figures', async () => {
    const { body } = await preview(limitBuy(100_000, 189.5));
    expect(body.error).toBe('Insufficient funds');
    expect(body.position).toEqual({ current: '100', change: '100,000', after: '100,100' });
  });

  it('skips warnings suppressed for the session', async () => {
    await calls.suppress('o10151');
    expect((await preview(marketOrder('SELL', 1))).body.warn).toBeNull();
  });

  it('answers only warn and error for an order it cannot value', async () => {
    const { body } = await preview({
      conid: BRK_B,
      orderType: 'MKT',
      side: 'BUY',
      tif: 'DAY',
      quantity: 1,
    });
    expect(body).toEqual({ warn: expect.stringMatching(/^10151\//), error: null });
  });

  it('answers invalid content with 500 in the placement words', async () => {
    const answer = await preview({
      conid: AAPL,
      orderType: 'LMT',
      side: 'BUY',
      tif: 'DAY',
      quantity: 1,
    });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      error: 'Invalid order: orders[0].price is required for orderType LMT',
      statusCode: 500,
    });
  });
});

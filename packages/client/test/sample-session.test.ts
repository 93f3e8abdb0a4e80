// The trading side end to end, as a tool would use it: search a stock, walk its option chain,
// preview an order, place it, read the position it made and the account's performance. Every
// figure comes from the one state, so the preview, the fill, the position and the ledger agree.
import {
  findStock,
  optionContract,
  optionStrikes,
  orderPreviewNumbers,
  parseAmount,
  type BrokerageClient,
} from '../src/index.js';
import { setup, type Setup } from './support/server.js';

const accountId = 'U1234567';

describe('a sample session: search AAPL, option chain, what-if, place, positions, performance', () => {
  let env: Setup;
  let client: BrokerageClient;
  beforeEach(async () => {
    env = await setup();
    client = env.client({ pacing: false });
  });
  afterEach(() => env.close());

  it('agrees from the preview to the performance', async () => {
    await env.drive(client.ok(client.GET('/v1/api/iserver/accounts')));
    await env.drive(client.ok(client.GET('/v1/api/portfolio/accounts')));

    const stock = await env.drive(findStock(client, 'AAPL'));
    const month = stock.optionMonths[0] ?? '';
    const strikes = await env.drive(optionStrikes(client, stock.conid, month));
    const spot = env.server.brokerage.market.price(stock.conid) ?? 0;
    const strike = (strikes.call ?? []).reduce((best, candidate) =>
      Math.abs(candidate - spot) < Math.abs(best - spot) ? candidate : best,
    );
    const call = await env.drive(
      optionContract(client, { underlyingConid: stock.conid, month, strike, right: 'C' }),
    );
    if (call.conid === undefined) throw new Error('the option contract came without its conid');
    const order = {
      conid: call.conid,
      orderType: 'MKT' as const,
      side: 'BUY' as const,
      quantity: 2,
      tif: 'DAY' as const,
    };

    const preview = orderPreviewNumbers(
      await env.drive(
        client.ok(
          client.POST('/v1/api/iserver/account/{accountId}/orders/whatif', {
            params: { path: { accountId } },
            body: { orders: [order] },
          }),
        ),
      ),
    );
    expect(preview.position).toEqual({ current: 0, change: 2, after: 2 });
    const holds = () =>
      env.server.brokerage.account(accountId)?.positions.some((held) => held.conid === call.conid);
    expect(holds()).toBe(false);

    const [placed] = await env.drive(client.placeOrder(accountId, order, { answer: () => true }));
    const status = await env.drive(
      client.ok(
        client.GET('/v1/api/iserver/account/order/status/{orderId}', {
          params: { path: { orderId: String(placed?.order_id) } },
        }),
      ),
    );
    expect(status.order_status).toBe('Filled');

    const trades = await env.drive(client.ok(client.GET('/v1/api/iserver/account/trades')));
    const fill = (trades ?? []).find((trade) => trade.conid === call.conid);
    expect(parseAmount(fill?.commission ?? '')?.value).toBe(preview.amount?.commission);
    const price = Number(fill?.price);
    expect(preview.amount?.value).toBeCloseTo(2 * 100 * price, 2);

    const positions = [];
    for await (const position of client.allPositions(accountId)) positions.push(position);
    const held = positions.find((position) => position.conid === call.conid);
    expect(held).toMatchObject({ position: 2, mktPrice: price });
    // The average cost is per contract (price × multiplier), before commission, as for stocks.
    expect(held?.avgCost).toBeCloseTo(100 * price, 4);

    const ledger = await env.drive(
      client.ok(
        client.GET('/v1/api/portfolio/{accountId}/ledger', { params: { path: { accountId } } }),
      ),
    );
    const performance = await env.drive(
      client.ok(
        client.POST('/v1/api/pa/performance', { body: { acctIds: [accountId], period: '1D' } }),
      ),
    );
    const navs = performance.nav?.data?.find((series) => series.id === accountId)?.navs ?? [];
    expect(navs.at(-1)).toBeCloseTo(ledger.BASE?.netliquidationvalue ?? NaN, 0);
  });
});

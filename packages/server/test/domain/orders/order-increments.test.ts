// Sizes and prices against their increments, in decimal arithmetic (issue 29, fault 7): no HTTP.
import type { OrderRequest } from '../../../src/domain/orders/order-request.js';
import { AAPL, EUR_USD, SAP_IBIS, limitBuy } from '../../trading-helpers.js';
import { accountId, domain } from '../services.js';

const marketBuy = (quantity: number): OrderRequest => ({
  conid: AAPL,
  orderType: 'MKT',
  side: 'BUY',
  tif: 'DAY',
  quantity,
});

/** The outcome of placing `orders` with AAPL at 189.50. */
function place(...orders: OrderRequest[]) {
  const { services, session } = domain();
  services.brokerage.market.setPrice(AAPL, 189.5);
  const outcome = services.orders.place(session, accountId, orders);
  return { outcome, trades: services.brokerage.store.collection('executions').values().length };
}

const rejectedWith = (error: string) => ({ outcome: { kind: 'rejected', error } });

describe('sizes and prices against their increments (decimal, not floating point)', () => {
  it.each([1e-12, 1e-300, 5e-324, 0.00001, 0.1 + 0.2])(
    'refuses a fractional quantity of %p shares that is no multiple of 0.0001',
    (quantity) => {
      expect(place(limitBuy(quantity, 189.5))).toMatchObject(
        rejectedWith('The quantity must be a multiple of 0.0001'),
      );
    },
  );

  it.each([1e-12, 5e-324])('books no trade for a market order of %p shares', (quantity) => {
    const placed = place(marketBuy(quantity));
    expect(placed).toMatchObject(rejectedWith('The quantity must be a multiple of 0.0001'));
    expect(placed.trades).toBe(0);
  });

  it.each([0.0001, 1.2345, 0.3, 10])('takes a quantity of %p shares', (quantity) => {
    expect(place(limitBuy(quantity, 189.5)).outcome.kind).toBe('transmitted');
  });

  it.each([1.0000000001, 1e-12])(
    'refuses %p shares of a contract that trades whole shares only',
    (quantity) => {
      expect(place({ ...marketBuy(quantity), conid: SAP_IBIS })).toMatchObject(
        rejectedWith('Fractional quantities are not accepted for this contract and order type'),
      );
    },
  );

  it.each([189.500000001, 189.505, 1e-12])(
    'refuses a price of %p, no multiple of the 0.01 tick',
    (price) => {
      expect(place({ ...marketBuy(1), orderType: 'STP', price })).toMatchObject(
        rejectedWith(
          'The price does not conform to the minimum price variation for this contract.',
        ),
      );
    },
  );

  it.each([189.55, 189.07, 190.1])('takes a price of %p, a whole number of ticks', (price) => {
    expect(place({ ...marketBuy(1), orderType: 'STP', price }).outcome.kind).toBe('transmitted');
  });

  it('refuses a currency conversion whose amount rounds to no unit at all', () => {
    const { services, session } = domain();
    const conversion: OrderRequest = {
      conid: EUR_USD,
      orderType: 'MKT',
      side: 'BUY',
      tif: 'DAY',
      fxQty: 1e-12,
      isCcyConv: true,
    };
    expect(services.orders.place(session, accountId, [conversion])).toEqual({
      kind: 'rejected',
      error: 'The quantity rounds to 0',
    });
  });
});

// The order rule table, matching and fills, through the order book: no HTTP.
import { checkFill } from '../../../src/domain/orders/fills.js';
import type { Order } from '../../../src/domain/orders/model.js';
import { AAPL, limitBuy } from '../../trading-helpers.js';
import { accountId, domain } from '../services.js';

describe('the order book, without HTTP', () => {
  describe('the rule table', () => {
    it('transmits an order that no rule stops', () => {
      const { services, session } = domain();
      services.brokerage.market.setPrice(AAPL, 189.5);
      const outcome = services.orders.place(session, accountId, [limitBuy(1, 189)]);
      expect(outcome.kind).toBe('transmitted');
    });

    it('rejects a limit price further than half the last price from it', () => {
      const { services, session } = domain();
      services.brokerage.market.setPrice(AAPL, 189.5);
      const outcome = services.orders.place(session, accountId, [limitBuy(1, 50)]);
      expect(outcome.kind).toBe('rejected');
    });

    it('holds more than 1000 units back with the o383 warning, then transmits on confirmation', () => {
      const { services, session } = domain();
      services.brokerage.market.setPrice(AAPL, 1);
      const warning = services.orders.place(session, accountId, [limitBuy(1001, 1)]);
      if (warning.kind !== 'warning') throw new Error(`expected a warning, got ${warning.kind}`);
      expect(warning.messageId).toBe('o383');
      const confirmed = services.orders.reply(session, warning.replyId, true);
      expect(confirmed.kind).toBe('transmitted');
    });

    it('drops the held orders when the warning is declined', () => {
      const { services, session } = domain();
      services.brokerage.market.setPrice(AAPL, 1);
      const warning = services.orders.place(session, accountId, [limitBuy(1001, 1)]);
      if (warning.kind !== 'warning') throw new Error(`expected a warning, got ${warning.kind}`);
      expect(services.orders.reply(session, warning.replyId, false)).toEqual({
        kind: 'rejected',
        error: 'Order not confirmed ',
      });
    });
  });

  describe('matching and fills', () => {
    it('fills a resting limit buy when the price falls to its limit, and books the execution', () => {
      const { services, session } = domain();
      const { brokerage } = services;
      brokerage.market.setPrice(AAPL, 189.5);
      const before =
        brokerage.account(accountId)?.positions.find((p) => p.conid === AAPL)?.quantity ?? 0;
      const outcome = services.orders.place(session, accountId, [limitBuy(10, 189)]);
      if (outcome.kind !== 'transmitted')
        throw new Error(`expected transmitted, got ${outcome.kind}`);
      const [order] = services.orders.list(session, accountId);
      expect(order?.status).not.toBe('Filled');

      brokerage.market.setPrice(AAPL, 188.75);

      const filled = brokerage.store.collection('orders').get(String(order?.id));
      expect(filled?.status).toBe('Filled');
      expect(filled?.filledQuantity).toBe(10);
      expect(filled?.averagePrice).toBe(188.75);
      expect(brokerage.store.collection('executions').values()).toHaveLength(1);
      const after = brokerage.account(accountId)?.positions.find((p) => p.conid === AAPL);
      expect(after?.quantity).toBe(before + 10);
    });

    it('cancels a working order, which then no price fills', () => {
      const { services, session } = domain();
      const { brokerage } = services;
      brokerage.market.setPrice(AAPL, 189.5);
      services.orders.place(session, accountId, [limitBuy(10, 189)]);
      const [order] = services.orders.list(session, accountId);
      const cancelled = services.orders.cancel(session, accountId, Number(order?.id));
      expect(cancelled.kind).toBe('cancelled');
      brokerage.market.setPrice(AAPL, 180);
      expect(brokerage.store.collection('executions').values()).toHaveLength(0);
    });

    it('checkFill: a limit fills when crossed, a stop only once triggered', () => {
      const order = { side: 'BUY', orderType: 'LMT', price: 189, triggered: false } as Order;
      expect(checkFill(order, 190).fillPrice).toBeUndefined();
      expect(checkFill(order, 188.5).fillPrice).toBe(188.5);
      const stop = {
        side: 'SELL',
        orderType: 'STP',
        stopPrice: 180,
        triggered: false,
      } as Order;
      expect(checkFill(stop, 181)).toMatchObject({ triggered: false, fillPrice: undefined });
      expect(checkFill(stop, 179.5)).toMatchObject({ triggered: true, fillPrice: 179.5 });
    });
  });
});

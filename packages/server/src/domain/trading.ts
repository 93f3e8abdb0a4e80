import { AlertBook } from './alerts/alert-book.js';
import type { Brokerage } from './brokerage.js';
import { OrderBook } from './orders/order-book.js';

/** The order book and the alerts of a brokerage, wired to its market: every price change
 * (`brokerage.market.setPrice`, from the control API or a price feed) fills orders and triggers alerts. */
export interface Trading {
  orders: OrderBook;
  alerts: AlertBook;
}

const desks = new WeakMap<Brokerage, Trading>();

/** The brokerage's one `Trading`, created (and subscribed to price changes) on first use. */
export function tradingOf(brokerage: Brokerage): Trading {
  let trading = desks.get(brokerage);
  if (!trading) {
    const created: Trading = { orders: new OrderBook(brokerage), alerts: new AlertBook(brokerage) };
    brokerage.market.onPriceChange((conid) => {
      created.orders.matching.onPrice(conid);
      created.alerts.onPrice(conid);
    });
    desks.set(brokerage, created);
    trading = created;
  }
  return trading;
}

import { AlertBook } from '../alerts/alert-book.js';
import { OrderBook } from './order-book.js';
import { perBrokerage } from '../kernel/per-brokerage.js';

/** The order book and the alerts of a brokerage, wired to its market: every price change
 * (`brokerage.market.setPrice`, from the control API or a price feed) fills orders and triggers alerts. */
export interface Trading {
  orders: OrderBook;
  alerts: AlertBook;
}

/** The brokerage's one `Trading`, created (and subscribed to price changes) on first use. */
export const tradingOf = perBrokerage((brokerage): Trading => {
  const trading: Trading = { orders: new OrderBook(brokerage), alerts: new AlertBook(brokerage) };
  brokerage.market.onPriceChange((conid) => {
    trading.orders.matching.onPrice(conid);
    trading.alerts.onPrice(conid);
  });
  return trading;
});

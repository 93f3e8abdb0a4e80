// What the tests of reply ids that expire share: an order that draws a warning to confirm, and a
// person who takes longer than a reply id's life over the first warning.
import type { OrderRequest } from '../../src/index.js';

/** 5 % below AAPL's last price (189.50): warning o163. */
export const farLimitBuy: OrderRequest = {
  conid: 265598,
  orderType: 'LMT',
  side: 'BUY',
  tif: 'DAY',
  quantity: 1,
  price: 180,
};

/** An answer to an order's warnings: the first read for a minute of `clock` (a reply id's life
 * under `expireReplyIds(user, 60_000)`), the next at once; each confirmed. */
export function slowOnce(clock: { advance(ms: number): void }): () => boolean {
  let first = true;
  return () => {
    if (first) clock.advance(60_000);
    first = false;
    return true;
  };
}

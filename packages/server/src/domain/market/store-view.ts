import type { StoreView } from '../kernel/store.js';

/** What the market area sees of the store: its own collections and the kernel's sequences. */
export type MarketStore = StoreView<
  | 'instruments'
  | 'prices'
  | 'priceSeries'
  | 'priceTrades'
  | 'marketRegimes'
  | 'optionsByUnderlying'
  | 'sequences'
>;

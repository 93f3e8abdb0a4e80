import type { StoreView } from '../kernel/store.js';

/** What the dividends area sees of the store: its own collections. */
export type DividendsStore = StoreView<
  'dividendDeclarations' | 'dividendEntitlements' | 'dividendProgress'
>;

import type { StoreView } from '../kernel/store.js';

/** What the portfolio area sees of the store: its own collections and the kernel's sequences. */
export type PortfolioStore = StoreView<
  'positionSnapshots' | 'navHistories' | 'navClosedDays' | 'sequences'
>;

import type { StoreView } from '../kernel/store.js';

/** What the market-data area sees of the store: its own collections and the kernel's sequences. */
export type MarketDataStore = StoreView<
  | 'hmdsSessions'
  | 'marketDataSubscriptions'
  | 'marketDataLifetime'
  | 'snapshotFieldsAccumulating'
  | 'sequences'
>;

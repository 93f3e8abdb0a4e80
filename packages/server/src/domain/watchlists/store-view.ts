import type { StoreView } from '../kernel/store.js';

/** What the watchlists area sees of the store: its own collections and the kernel's sequences. */
export type WatchlistsStore = StoreView<
  'watchlists' | 'watchlistIds' | 'watchlistRequests' | 'sequences'
>;

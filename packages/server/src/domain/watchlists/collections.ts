import type { Watchlist } from './watchlists.js';

declare module '../kernel/store.js' {
  interface Collections {
    watchlists: Watchlist;
  }
}

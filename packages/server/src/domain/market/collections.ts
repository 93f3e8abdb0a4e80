import type { Instrument } from './model.js';
import type { Watchlist } from './watchlists.js';

declare module '../kernel/store.js' {
  interface Collections {
    instruments: Instrument;
    /** Last price per conid (string key); absent when the instrument has no market data. */
    prices: number;
    watchlists: Watchlist;
  }
}

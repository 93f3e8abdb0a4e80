/** One row of a watchlist: a contract by conid (`C`) or a blank separator (`H`). */
export type WatchlistRow = { C: number } | { H: '' };

/** A watchlist as stored: rows of contract ids (`C`) and blank separators (`H`). */
export interface Watchlist {
  id: string;
  name: string;
  username: string;
  rows: WatchlistRow[];
  /** A change stamp: the time of the last change in epoch milliseconds, as digits. */
  hash: string;
  readOnly: boolean;
}

export interface NewWatchlist {
  id: string;
  name: string;
  rows: WatchlistRow[];
}

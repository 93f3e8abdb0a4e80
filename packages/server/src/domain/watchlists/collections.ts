import type { Watchlist } from './model.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Watchlists of the users, keyed `<username>/<id>`. */
    watchlists: Watchlist;
    /** Ids of each user's watchlists in creation order, by username. */
    watchlistIds: string[];
    /** Requests of a session that create, list or delete watchlists, by session id (the `MID`). */
    watchlistRequests: number;
  }
}

import type { Schema } from '@brokerage/types';
import type { Clock } from '../kernel/clock.js';
import { badRequest } from '../kernel/errors.js';
import type { Store } from '../kernel/store.js';

/** One row of a watchlist: a contract by conid (`C`) or a blank separator (`H`). */
export type WatchlistRow = { C: number } | { H: '' };

/** A watchlist as stored: rows of contract ids (`C`) and blank separators (`H`). */
export interface Watchlist {
  id: string;
  name: string;
  username: string;
  rows: WatchlistRow[];
  hash: string;
  readOnly: boolean;
}

export interface NewWatchlist {
  id: string;
  name: string;
  rows: WatchlistRow[];
}

/** Store key of a watchlist: ids are unique per user, not across users. */
export const watchlistKey = (username: string, id: string) => `${username}/${id}`;

/** Creates a watchlist of `username`; an id that is not digits or is already in use → 400.
 * Rows are kept as given, unknown conids included. */
export function createWatchlist(
  store: Store,
  clock: Clock,
  username: string,
  request: NewWatchlist,
): Watchlist {
  if (!/^[0-9]+$/.test(request.id)) throw badRequest(`Watchlist id ${request.id} must be a number`);
  const watchlists = store.collection('watchlists');
  const key = watchlistKey(username, request.id);
  if (watchlists.get(key)) throw badRequest(`Watchlist id ${request.id} already exists`);
  const watchlist: Watchlist = {
    id: request.id,
    name: request.name,
    username,
    rows: structuredClone(request.rows),
    // A change stamp: the creation time in epoch milliseconds, as digits.
    hash: String(clock.now()),
    readOnly: false,
  };
  watchlists.set(key, watchlist);
  return watchlist;
}

/** A new watchlist as its creation answers it: the service never lists the instruments there. */
export function createdWatchlist({ id, hash, name, readOnly }: Watchlist): Schema<'Watchlist'> {
  return { id, hash, name, readOnly, instruments: [] };
}

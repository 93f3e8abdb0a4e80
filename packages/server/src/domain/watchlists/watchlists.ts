import type { WatchlistsStore } from './store-view.js';
import type { Clock } from '../kernel/clock.js';
import { badRequest } from '../kernel/errors.js';
import { systemWatchlist, systemWatchlists } from './system-lists.js';
import { watchlistTexts } from './watchlist-texts.js';
import type { NewWatchlist, Watchlist } from './model.js';

/** Store key of a watchlist: ids are unique per user, not across users. */
export const watchlistKey = (username: string, id: string) => `${username}/${id}`;

/** The watchlists of the users (the store's `watchlists`, with an index of each user's ids), the
 * service's read-only lists, and the count of each session's requests that answer `MID`. */
export class Watchlists {
  constructor(
    private readonly store: WatchlistsStore,
    private readonly clock: Clock,
  ) {}

  private get watchlists() {
    return this.store.collection('watchlists');
  }

  private get idsByUser() {
    return this.store.collection('watchlistIds');
  }

  /** Creates a watchlist of `username`; an id that is not digits or is already in use → 400.
   * Rows are kept as given, unknown conids included. */
  create(username: string, request: NewWatchlist): Watchlist {
    if (!/^[0-9]+$/.test(request.id)) throw badRequest(watchlistTexts.idNotNumber(request.id));
    const key = watchlistKey(username, request.id);
    if (this.watchlists.get(key)) throw badRequest(watchlistTexts.idInUse(request.id));
    const watchlist: Watchlist = {
      id: request.id,
      name: request.name,
      username,
      rows: structuredClone(request.rows),
      hash: String(this.clock.now()),
      readOnly: false,
    };
    this.watchlists.set(key, watchlist);
    this.idsByUser.set(username, [...(this.idsByUser.get(username) ?? []), request.id]);
    return watchlist;
  }

  /** The user's own watchlists, most recently changed first. */
  ofUser(username: string): Watchlist[] {
    return (this.idsByUser.get(username) ?? [])
      .flatMap((id) => this.watchlists.get(watchlistKey(username, id)) ?? [])
      .reverse()
      .sort((a, b) => Number(b.hash) - Number(a.hash));
  }

  /** The service's read-only lists. */
  system(): readonly Watchlist[] {
    return systemWatchlists;
  }

  /** A watchlist of the user, or one of the service's; another id → 400. */
  find(username: string, id: string): Watchlist {
    const found = this.watchlists.get(watchlistKey(username, id)) ?? systemWatchlist(id);
    if (!found) throw badRequest(watchlistTexts.notFound(id));
    return found;
  }

  /** Deletes a watchlist of the user; none named, an unknown or a read-only one → 400. */
  delete(username: string, id: string | undefined): Watchlist {
    if (id === undefined) throw badRequest(watchlistTexts.idNeeded);
    const watchlist = this.find(username, id);
    if (watchlist.readOnly) throw badRequest(watchlistTexts.readOnly(id));
    this.watchlists.delete(watchlistKey(username, id));
    this.idsByUser.set(
      username,
      (this.idsByUser.get(username) ?? []).filter((candidate) => candidate !== id),
    );
    return watchlist;
  }

  /** An id no watchlist of the user holds (for callers that name none: the MCP tools). */
  freeId(username: string): string {
    const ids = (this.idsByUser.get(username) ?? []).map(Number);
    return String(Math.max(100, ...ids) + 1);
  }

  /** Replaces the name and rows of a watchlist of the user (a full replacement); an unknown or
   * read-only one → 400. */
  replace(username: string, id: string, name: string, rows: Watchlist['rows']): Watchlist {
    const current = this.find(username, id);
    if (current.readOnly) throw badRequest(watchlistTexts.readOnly(id));
    const replaced = {
      ...current,
      name,
      rows: structuredClone(rows),
      hash: String(this.clock.now()),
    };
    this.watchlists.set(watchlistKey(username, id), replaced);
    return replaced;
  }

  /** Counts a request of the session that creates, lists or deletes watchlists: the `MID` the
   * list and the deletion answer (a public client's real payloads count them so). */
  countRequest(sessionId: string): number {
    const count = (this.store.collection('watchlistRequests').get(sessionId) ?? 0) + 1;
    this.store.collection('watchlistRequests').set(sessionId, count);
    return count;
  }
}

import {
  createdWatchlist,
  watchlistCatalog,
  watchlistContents,
  watchlistDeleted,
} from '../domain/watchlists/watchlist-views.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** The scope that leaves out the service's own lists. */
const userListsOnly = 'USER_WATCHLIST';

export const tradingWatchlistsHandlers = ({
  brokerage,
  watchlists,
}: HandlerContext): HandlerGroup<
  'createWatchlist' | 'getWatchlists' | 'getWatchlist' | 'deleteWatchlist'
> => ({
  createWatchlist: ({ session, body }) => {
    const created = watchlists.create(session.username, body);
    watchlists.countRequest(session.id);
    return createdWatchlist(created);
  },
  getWatchlists: ({ session, query }) =>
    watchlistCatalog(
      watchlists.ofUser(session.username),
      query.SC === userListsOnly ? undefined : watchlists.system(),
      watchlists.countRequest(session.id),
    ),
  getWatchlist: ({ session, query }) =>
    watchlistContents(watchlists.find(session.username, query.id), brokerage.market),
  deleteWatchlist: ({ session, query, body }) => {
    const deleted = watchlists.delete(session.username, query.id ?? body?.id);
    return watchlistDeleted(deleted.id, watchlists.countRequest(session.id));
  },
});

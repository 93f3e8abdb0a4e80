import {
  createdWatchlist,
  watchlistCatalog,
  watchlistContents,
  watchlistDeleted,
} from '../domain/watchlists/watchlist-views.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { requireSession } from '../http/require-session.js';

/** The scope that leaves out the service's own lists. */
const userListsOnly = 'USER_WATCHLIST';

export const watchlistHandlers = ({
  brokerage,
  watchlists,
}: HandlerContext): HandlerGroup<
  'createWatchlist' | 'getWatchlists' | 'getWatchlist' | 'deleteWatchlist'
> => ({
  createWatchlist: ({ session, body }) => {
    const live = requireSession(session);
    const created = watchlists.create(live.username, body);
    watchlists.countRequest(live.id);
    return createdWatchlist(created);
  },
  getWatchlists: ({ session, query }) => {
    const live = requireSession(session);
    return watchlistCatalog(
      watchlists.ofUser(live.username),
      query.SC === userListsOnly ? undefined : watchlists.system(),
      watchlists.countRequest(live.id),
    );
  },
  getWatchlist: ({ session, query }) =>
    watchlistContents(
      watchlists.find(requireSession(session).username, query.id),
      brokerage.market,
    ),
  deleteWatchlist: ({ session, query, body }) => {
    const live = requireSession(session);
    const deleted = watchlists.delete(live.username, query.id ?? body?.id);
    return watchlistDeleted(deleted.id, watchlists.countRequest(live.id));
  },
});

import { createdWatchlist, createWatchlist } from '../domain/watchlists/watchlists.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { requireSession } from '../http/require-session.js';

export const watchlistHandlers = ({
  brokerage,
}: HandlerContext): HandlerGroup<'createWatchlist'> => ({
  createWatchlist: ({ session, body }) => {
    const { username } = requireSession(session);
    return createdWatchlist(createWatchlist(brokerage.store, brokerage.clock, username, body));
  },
});

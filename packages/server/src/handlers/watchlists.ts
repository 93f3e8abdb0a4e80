import { createWatchlist } from '../domain/market/watchlists.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { requireSession } from '../http/require-session.js';

export const watchlistHandlers = ({
  brokerage,
}: HandlerContext): HandlerGroup<'createWatchlist'> => ({
  createWatchlist: ({ session, body }) => {
    const { username } = requireSession(session);
    const { id, hash, name, readOnly } = createWatchlist(
      brokerage.store,
      brokerage.clock,
      username,
      body,
    );
    return { id, hash, name, readOnly, instruments: [] };
  },
});

import { executionsOf, tradeView } from '../domain/orders/trades.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { requireSession } from '../http/require-session.js';

export const tradeHandlers = ({ brokerage }: HandlerContext): HandlerGroup<'getTrades'> => ({
  getTrades: ({ session, query }) =>
    executionsOf(brokerage, requireSession(session), query.days ?? 1, query.accountId).map(
      (execution) => tradeView(brokerage, execution),
    ),
});

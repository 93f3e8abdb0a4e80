import { executionsOf, tradeView } from '../domain/orders/trades.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

export const tradeHandlers = ({ brokerage }: HandlerContext): HandlerGroup<'getTrades'> => ({
  getTrades: ({ session, query }) =>
    executionsOf(brokerage, session, query.days ?? 1, query.accountId).map((execution) =>
      tradeView(brokerage, execution),
    ),
});

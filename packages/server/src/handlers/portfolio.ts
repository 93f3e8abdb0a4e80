import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** The consolidated allocation of several accounts (tag Portfolio: calls the service answers
 * that version 2.40 no longer describes), counted as the account allocation is. */
export const portfolioHandlers = ({
  portfolio,
}: HandlerContext): HandlerGroup<'getConsolidatedAllocation' | 'queryConsolidatedAllocation'> => ({
  getConsolidatedAllocation: ({ session, query }) => portfolio.allocation(session, query.acctIds),
  queryConsolidatedAllocation: ({ session, body }) => portfolio.allocation(session, body.acctIds),
});

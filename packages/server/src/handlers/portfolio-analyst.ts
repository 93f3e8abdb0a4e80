import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** The performance asked with query parameters (tag Portfolio Analyst: a call the service
 * answers that version 2.40 no longer describes), as `POST /pa/performance` answers it. */
export const portfolioAnalystHandlers = ({
  portfolio,
}: HandlerContext): HandlerGroup<'getPerformanceByQuery'> => ({
  getPerformanceByQuery: ({ session, query }) =>
    portfolio.performance(session, query.acctIds, query.period),
});

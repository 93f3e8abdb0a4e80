import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { requireSession } from '../http/require-session.js';

/** Performance and transactions of the portfolio analyst (tag Portfolio Analyst). */
export const portfolioAnalystHandlers = ({
  portfolio,
}: HandlerContext): HandlerGroup<
  'getPerformance' | 'getPerformanceByQuery' | 'getAllPeriodsPerformance' | 'getTransactions'
> => ({
  getPerformance: ({ session, body }) =>
    portfolio.performance(requireSession(session), body.acctIds, body.period),
  getPerformanceByQuery: ({ session, query }) =>
    portfolio.performance(requireSession(session), query.acctIds, query.period),
  getAllPeriodsPerformance: ({ session, body, query }) =>
    portfolio.allPeriods(
      requireSession(session),
      query.param === undefined ? body.acctIds : [query.param],
    ),
  getTransactions: ({ session, body }) => portfolio.transactions(requireSession(session), body),
});

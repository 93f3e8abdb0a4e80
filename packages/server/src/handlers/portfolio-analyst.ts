import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** Performance, transactions and allocation of the portfolio analyst (tag Portfolio Analyst). */
export const portfolioAnalystHandlers = ({
  portfolio,
}: HandlerContext): HandlerGroup<
  | 'getPerformance'
  | 'getPerformanceByQuery'
  | 'getAllPeriodsPerformance'
  | 'getTransactions'
  | 'getPortfolioAllocation'
> => ({
  getPerformance: ({ session, body }) => portfolio.performance(session, body.acctIds, body.period),
  getPerformanceByQuery: ({ session, query }) =>
    portfolio.performance(session, query.acctIds, query.period),
  getAllPeriodsPerformance: ({ session, body, query }) =>
    portfolio.allPeriods(session, query.param === undefined ? body.acctIds : [query.param]),
  getTransactions: ({ session, body }) => portfolio.transactions(session, body),
  getPortfolioAllocation: ({ session, body }) => portfolio.portfolioAllocation(session, body),
});

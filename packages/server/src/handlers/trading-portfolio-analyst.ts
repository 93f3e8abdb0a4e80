import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** Performance, transactions and allocation of the portfolio analyst (tag Trading Portfolio Analyst). */
export const tradingPortfolioAnalystHandlers = ({
  portfolio,
}: HandlerContext): HandlerGroup<
  'getPerformance' | 'getAllPeriodsPerformance' | 'getTransactions' | 'getPortfolioAllocation'
> => ({
  getPerformance: ({ session, body }) => portfolio.performance(session, body.acctIds, body.period),
  getAllPeriodsPerformance: ({ session, body, query }) =>
    portfolio.allPeriods(session, query.param === undefined ? body.acctIds : [query.param]),
  getTransactions: ({ session, body }) => portfolio.transactions(session, body),
  getPortfolioAllocation: ({ session, body }) => portfolio.portfolioAllocation(session, body),
});

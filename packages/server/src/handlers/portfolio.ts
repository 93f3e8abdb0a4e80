import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { pending } from './pending.js';

export const portfolioHandlers = (_context: HandlerContext): HandlerGroup<'getPortfolioAccounts' | 'getPortfolioSubaccounts' | 'getLedger'> => ({
  getPortfolioAccounts: pending('getPortfolioAccounts'),
  getPortfolioSubaccounts: pending('getPortfolioSubaccounts'),
  getLedger: pending('getLedger'),
});

import {
  ledgerAccount,
  ledgerOf,
  portfolioAccounts,
  portfolioSubaccounts,
} from '../domain/accounts/portfolio-accounts.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { requireSession } from '../http/require-session.js';

export const portfolioHandlers = ({
  brokerage,
}: HandlerContext): HandlerGroup<
  'getPortfolioAccounts' | 'getPortfolioSubaccounts' | 'getLedger'
> => ({
  getPortfolioAccounts: ({ session }) => portfolioAccounts(brokerage, requireSession(session)),
  getPortfolioSubaccounts: ({ session }) =>
    portfolioSubaccounts(brokerage, requireSession(session)),
  getLedger: ({ session, params }) => {
    const account = ledgerAccount(brokerage, requireSession(session), params.accountId);
    return ledgerOf(account, brokerage.market, Math.floor(brokerage.clock.now() / 1000));
  },
});

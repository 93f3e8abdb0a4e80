import { ledger } from '../domain/accounts/account-reports.js';
import {
  ledgerAccount,
  portfolioAccounts,
  portfolioSubaccounts,
} from '../domain/accounts/portfolio.js';
import { valueAccount } from '../domain/accounts/valuation.js';
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
    const epochSeconds = Math.floor(brokerage.clock.now() / 1000);
    return ledger(account.id, valueAccount(account, brokerage.market), epochSeconds);
  },
});

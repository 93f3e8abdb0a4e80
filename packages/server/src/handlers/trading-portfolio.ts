import {
  ledgerAccount,
  ledgerOf,
  portfolioAccounts,
  portfolioSubaccounts,
} from '../domain/accounts/portfolio-accounts.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** Portfolio accounts, subaccounts and ledger (tag Trading Portfolio). */
export const tradingPortfolioAccountHandlers = ({
  brokerage,
}: HandlerContext): HandlerGroup<
  'getPortfolioAccounts' | 'getPortfolioSubaccounts' | 'getLedger'
> => ({
  getPortfolioAccounts: ({ session }) => portfolioAccounts(brokerage, session),
  getPortfolioSubaccounts: ({ session }) => portfolioSubaccounts(brokerage, session),
  getLedger: ({ session, params }) => {
    const account = ledgerAccount(brokerage, session, params.accountId);
    return ledgerOf(account, brokerage.market, Math.floor(brokerage.clock.now() / 1000));
  },
});

/** Positions, summaries, attributes and allocation of portfolio accounts (tag Trading Portfolio).
 * Numeric path and query values reach the handlers as the strings of the URL, hence `Number`. */
export const tradingPortfolioPositionHandlers = ({
  portfolio,
}: HandlerContext): HandlerGroup<
  | 'getPositions'
  | 'getUncachedPositions'
  | 'getPositionByConid'
  | 'getPositionsByConid'
  | 'invalidatePositions'
  | 'getComboPositions'
  | 'getPortfolioSummary'
  | 'getPortfolioAccountMeta'
  | 'getAccountAllocation'
  | 'getPortfolioSubaccountsPage'
> => ({
  getPositions: ({ session, params, query }) =>
    portfolio.positionsPage(session, params.accountId, Number(params.pageId), query),
  getUncachedPositions: ({ session, params, query }) =>
    portfolio.uncachedPositions(session, params.accountId, query),
  getPositionByConid: ({ session, params }) =>
    portfolio.positionByConid(session, params.accountId, Number(params.conid)),
  getPositionsByConid: ({ session, params }) =>
    portfolio.positionsByConid(session, Number(params.conid)),
  invalidatePositions: ({ session, params }) => portfolio.invalidate(session, params.accountId),
  getComboPositions: ({ session, params }) => portfolio.comboPositions(session, params.accountId),
  getPortfolioSummary: ({ session, params }) => portfolio.summary(session, params.accountId),
  getPortfolioAccountMeta: ({ session, params }) => portfolio.meta(session, params.accountId),
  getAccountAllocation: ({ session, params }) => portfolio.allocation(session, [params.accountId]),
  getPortfolioSubaccountsPage: ({ session, query }) =>
    portfolio.subaccountsPage(session, Number(query.page ?? 0)),
});

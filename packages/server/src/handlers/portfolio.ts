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

/** Positions, summaries, attributes and allocations of portfolio accounts (tag Portfolio).
 * Numeric path and query values reach the handlers as the strings of the URL, hence `Number`. */
export const portfolioPositionHandlers = ({
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
  | 'getConsolidatedAllocation'
  | 'queryConsolidatedAllocation'
  | 'getPortfolioSubaccountsPage'
> => ({
  getPositions: ({ session, params, query }) =>
    portfolio.positionsPage(
      requireSession(session),
      params.accountId,
      Number(params.pageId),
      query,
    ),
  getUncachedPositions: ({ session, params, query }) =>
    portfolio.uncachedPositions(requireSession(session), params.accountId, query),
  getPositionByConid: ({ session, params }) =>
    portfolio.positionByConid(requireSession(session), params.accountId, Number(params.conid)),
  getPositionsByConid: ({ session, params }) =>
    portfolio.positionsByConid(requireSession(session), Number(params.conid)),
  invalidatePositions: ({ session, params }) =>
    portfolio.invalidate(requireSession(session), params.accountId),
  getComboPositions: ({ session, params }) =>
    portfolio.comboPositions(requireSession(session), params.accountId),
  getPortfolioSummary: ({ session, params }) =>
    portfolio.summary(requireSession(session), params.accountId),
  getPortfolioAccountMeta: ({ session, params }) =>
    portfolio.meta(requireSession(session), params.accountId),
  getAccountAllocation: ({ session, params }) =>
    portfolio.allocation(requireSession(session), [params.accountId]),
  getConsolidatedAllocation: ({ session, query }) =>
    portfolio.allocation(requireSession(session), query.acctIds),
  queryConsolidatedAllocation: ({ session, body }) =>
    portfolio.allocation(requireSession(session), body.acctIds),
  getPortfolioSubaccountsPage: ({ session, query }) =>
    portfolio.subaccountsPage(requireSession(session), Number(query.page ?? 0)),
});

import {
  accountAvailableFunds,
  accountBalances,
  accountMargins,
  accountMarketValue,
  accountSummary,
} from '../domain/accounts/account-reports.js';
import {
  dynamicSearchView,
  selectedAccountView,
  selectedDynamicAccountView,
} from '../domain/accounts/account-views.js';
import {
  accountsList,
  isAdvisorMaster,
  partitionedPnl,
  reportedAccount,
  searchDynamicAccounts,
  setDynamicAccount,
  signaturesAndOwners,
  switchAccount,
} from '../domain/accounts/accounts.js';
import type { Brokerage } from '../domain/accounts/brokerage.js';
import type { Session } from '../domain/accounts/sessions.js';
import { isCashAccount, valueAccount } from '../domain/accounts/valuation.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** An account the session may see (400 otherwise), valued at the current prices. */
function valued(brokerage: Brokerage, session: Session, accountId: string) {
  const account = reportedAccount(brokerage, session, accountId);
  return { account, values: valueAccount(account, brokerage.market) };
}

export const tradingAccountsHandlers = ({
  brokerage,
}: HandlerContext): HandlerGroup<
  | 'getAccounts'
  | 'switchAccount'
  | 'searchDynamicAccounts'
  | 'setDynamicAccount'
  | 'getSignaturesAndOwners'
  | 'getAccountSummary'
  | 'getAccountBalances'
  | 'getAccountMargins'
  | 'getAccountMarketValue'
  | 'getAccountAvailableFunds'
  | 'getPartitionedPnl'
> => ({
  getAccounts: ({ session }) => accountsList(brokerage, session),
  switchAccount: ({ session, body }) =>
    selectedAccountView(switchAccount(brokerage, session, body.acctId)),
  searchDynamicAccounts: ({ session, params }) =>
    dynamicSearchView(
      params.searchPattern,
      searchDynamicAccounts(brokerage, session, params.searchPattern),
    ),
  setDynamicAccount: ({ session, body }) => {
    const { account, roles } = setDynamicAccount(brokerage, session, body.acctId);
    return selectedDynamicAccountView(account, roles);
  },
  getSignaturesAndOwners: ({ session, params }) =>
    signaturesAndOwners(brokerage, session, params.accountId),
  getAccountSummary: ({ session, params }) => {
    const { account, values } = valued(brokerage, session, params.accountId);
    return accountSummary(values, isAdvisorMaster(brokerage, account) ? 'ADVISOR' : '');
  },
  getAccountBalances: ({ session, params }) =>
    accountBalances(valued(brokerage, session, params.accountId).values),
  getAccountMargins: ({ session, params }) =>
    accountMargins(valued(brokerage, session, params.accountId).values),
  getAccountMarketValue: ({ session, params }) =>
    accountMarketValue(valued(brokerage, session, params.accountId).values),
  getAccountAvailableFunds: ({ session, params }) => {
    const { account, values } = valued(brokerage, session, params.accountId);
    return accountAvailableFunds(values, isCashAccount(account));
  },
  getPartitionedPnl: ({ session }) => partitionedPnl(brokerage, session),
});

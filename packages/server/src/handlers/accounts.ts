import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { pending } from './pending.js';

export const accountHandlers = (_context: HandlerContext): HandlerGroup<'getAccounts' | 'switchAccount' | 'searchDynamicAccounts' | 'setDynamicAccount' | 'getSignaturesAndOwners' | 'getAccountSummary' | 'getAccountBalances' | 'getAccountMargins' | 'getAccountMarketValue' | 'getAccountAvailableFunds' | 'getPartitionedPnl'> => ({
  getAccounts: pending('getAccounts'),
  switchAccount: pending('switchAccount'),
  searchDynamicAccounts: pending('searchDynamicAccounts'),
  setDynamicAccount: pending('setDynamicAccount'),
  getSignaturesAndOwners: pending('getSignaturesAndOwners'),
  getAccountSummary: pending('getAccountSummary'),
  getAccountBalances: pending('getAccountBalances'),
  getAccountMargins: pending('getAccountMargins'),
  getAccountMarketValue: pending('getAccountMarketValue'),
  getAccountAvailableFunds: pending('getAccountAvailableFunds'),
  getPartitionedPnl: pending('getPartitionedPnl'),
});

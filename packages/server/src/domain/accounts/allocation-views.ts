import type { Schema } from '@brokerage/types';
import type { Market } from '../market/market.js';
import type { AllocationGroup } from './allocation-groups.js';
import type { Account } from './model.js';
import { valueAccount } from './valuation.js';

const decimal = (value: number) => value.toFixed(2);

/** Each sub-account with the values the `N` and `A` methods weigh it by. */
export const allocatableAccountsView = (
  accounts: Account[],
  market: Market,
): Schema<'AllocatableAccounts'> => ({
  accounts: accounts.map((account) => {
    const values = valueAccount(account, market);
    return {
      name: account.id,
      data: [
        { key: 'NetLiquidation', value: decimal(values.total.netLiquidation) },
        { key: 'AvailableEquity', value: decimal(values.availableFunds) },
      ],
    };
  }),
});

export const allocationGroupListView = (
  groups: AllocationGroup[],
): Schema<'AllocationGroupList'> => ({
  data: groups.map((group) => ({
    allocation_method: group.defaultMethod,
    size: group.accounts.length,
    name: group.name,
  })),
});

export const allocationGroupView = (group: AllocationGroup): Schema<'AllocationGroupDetails'> => ({
  name: group.name,
  accounts: group.accounts.map(({ name, amount }) =>
    amount === undefined ? { name } : { name, amount },
  ),
  default_method: group.defaultMethod,
});

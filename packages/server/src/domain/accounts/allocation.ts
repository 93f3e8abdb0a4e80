import type { Schema } from '@brokerage/types';
import { badRequest } from '../kernel/errors.js';
import type { User } from './model.js';
import type { Store } from '../kernel/store.js';

/** `A` available equity, `E` equal, `N` net liquidation value (the default); the user-defined
 * methods `C` cash quantity, `P` percentage, `R` ratios and `S` shares read each account's amount. */
export type AllocationMethod = 'A' | 'E' | 'N' | 'C' | 'P' | 'R' | 'S';

export interface AllocationAccount {
  name: string;
  amount?: number;
}

/** An advisor's allocation group as stored. */
export interface AllocationGroup {
  name: string;
  username: string;
  accounts: AllocationAccount[];
  defaultMethod: AllocationMethod;
}

export interface NewAllocationGroup {
  name: string;
  accounts: AllocationAccount[];
  defaultMethod?: AllocationMethod;
}

const methods: readonly AllocationMethod[] = ['A', 'E', 'N', 'C', 'P', 'R', 'S'];
const userDefinedMethods: readonly AllocationMethod[] = ['C', 'P', 'R', 'S'];

/** Store key of a group: names are unique per advisor. */
export const allocationGroupKey = (username: string, name: string) => `${username}/${name}`;

/** The advisor's sub-accounts: every account of the user whose parent is the master account. */
function subAccountsOf(store: Store, advisor: User): Set<string> {
  const master = advisor.accounts[0];
  return new Set(
    advisor.accounts.filter(
      (id) => master !== undefined && store.collection('accounts').get(id)?.parent === master,
    ),
  );
}

/** Validates and stores a new allocation group of `user`; every violation → 400, nothing stored. */
export function createAllocationGroup(
  store: Store,
  user: User,
  request: NewAllocationGroup,
): AllocationGroup {
  if (!user.properties.includes('FA'))
    throw badRequest('Allocation groups are only available to advisors');
  const method = request.defaultMethod ?? 'N';
  if (!methods.includes(method)) throw badRequest(`Unknown allocation method ${String(method)}`);
  const groups = store.collection('allocationGroups');
  const key = allocationGroupKey(user.username, request.name);
  if (groups.get(key)) throw badRequest(`Allocation group ${request.name} already exists`);

  const subAccounts = subAccountsOf(store, user);
  const seen = new Set<string>();
  for (const { name } of request.accounts) {
    if (!subAccounts.has(name))
      throw badRequest(`Account ${name} is not a sub-account of ${user.accounts[0] ?? ''}`);
    if (seen.has(name)) throw badRequest(`Account ${name} is listed more than once`);
    seen.add(name);
  }

  const userDefined = userDefinedMethods.includes(method);
  if (userDefined) {
    const missing = request.accounts.find(
      (account) => account.amount === undefined || account.amount <= 0,
    );
    if (missing)
      throw badRequest(`Account ${missing.name} needs a positive amount with method ${method}`);
  }
  if (method === 'P') {
    const total = request.accounts.reduce((sum, account) => sum + (account.amount ?? 0), 0);
    if (Math.abs(total - 100) > 1e-9) throw badRequest(`Percentages add up to ${total}, not 100`);
  }

  const group: AllocationGroup = {
    name: request.name,
    username: user.username,
    // Amounts mean nothing to A, E and N: they are not kept.
    accounts: request.accounts.map(({ name, amount }) =>
      userDefined ? { name, amount } : { name },
    ),
    defaultMethod: method,
  };
  groups.set(key, group);
  return group;
}

/** The answer to setting an allocation group: failures answer with an error status instead. */
export function allocationGroupSet(): Schema<'AllocationGroupResult'> {
  return { success: true };
}

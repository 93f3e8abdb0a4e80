import type { AccountsStore } from './store-view.js';
import type { Schema } from '@brokerage/types';
import { badRequest } from '../kernel/errors.js';
import { allocationTexts } from './allocation-texts.js';
import type { Account, User } from './model.js';
import type { Index } from '../kernel/store.js';

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

export interface AllocationGroupChange {
  name: string;
  /** The group's current name, when it is renamed. */
  previousName?: string;
  accounts?: AllocationAccount[];
  defaultMethod?: AllocationMethod;
}

/** An advisor's allocation presets, as the service names them. */
export type AllocationPresets = Schema<'AllocationPresets'>;

const methods: readonly AllocationMethod[] = ['A', 'E', 'N', 'C', 'P', 'R', 'S'];
export const userDefinedMethods: readonly AllocationMethod[] = ['C', 'P', 'R', 'S'];

/** The method names of orders' `allocationMethod` (as public clients send them) and presets'
 * `default_method_for_all` (`AvailableEquity`, as the vendor's example sends it). */
const methodNames: Record<string, AllocationMethod> = {
  AvailableEquity: 'A',
  EqualQuantity: 'E',
  NetLiquidity: 'N',
  NetLiq: 'N',
};

/** Store key of a group: names are unique per advisor. */
export const allocationGroupKey = (username: string, name: string) => `${username}/${name}`;

/** Advisors only: anyone else gets the area's refusal (the allocation one by default). */
export function requireAdvisor(user: User, refusal: string = allocationTexts.advisorsOnly): void {
  if (!user.properties.includes('FA')) throw badRequest(refusal);
}

/** The advisor's sub-accounts: every account of the user whose parent is the master account. */
export function subAccountsOf(store: AccountsStore, advisor: User): Account[] {
  const master = advisor.accounts[0];
  return advisor.accounts.flatMap((id) => {
    const account = store.collection('accounts').get(id);
    return account && master !== undefined && account.parent === master ? [account] : [];
  });
}

const defaultPresets = (): AllocationPresets => ({
  group_auto_close_positions: false,
  default_method_for_all: 'N',
  profiles_auto_close_positions: false,
  strict_credit_check: false,
  group_proportional_allocation: false,
});

export function allocationPresets(store: AccountsStore, user: User): AllocationPresets {
  requireAdvisor(user);
  return store.collection('allocationPresets').get(user.username) ?? defaultPresets();
}

export function setAllocationPresets(
  store: AccountsStore,
  user: User,
  change: Partial<AllocationPresets>,
): void {
  const presets = { ...allocationPresets(store, user), ...change };
  store.collection('allocationPresets').set(user.username, presets);
}

/** The method a name stands for: a code, or one of the long names; undefined when unknown. */
export function methodOf(name: string): AllocationMethod | undefined {
  return methods.includes(name as AllocationMethod)
    ? (name as AllocationMethod)
    : methodNames[name];
}

/** The advisor's default method: the presets' `default_method_for_all`. */
export function defaultMethodOf(store: AccountsStore, user: User): AllocationMethod {
  return methodOf(allocationPresets(store, user).default_method_for_all ?? 'N') ?? 'N';
}

/** Checks a group's accounts and amounts against its method; every violation → 400. */
function checkedAccounts(
  store: AccountsStore,
  user: User,
  accounts: AllocationAccount[],
  method: AllocationMethod,
): AllocationAccount[] {
  const subAccounts = new Set(subAccountsOf(store, user).map((account) => account.id));
  const seen = new Set<string>();
  for (const { name } of accounts) {
    if (!subAccounts.has(name))
      throw badRequest(allocationTexts.notSubAccount(name, user.accounts[0] ?? ''));
    if (seen.has(name)) throw badRequest(allocationTexts.listedTwice(name));
    seen.add(name);
  }
  const userDefined = userDefinedMethods.includes(method);
  if (userDefined) {
    const missing = accounts.find((account) => account.amount === undefined || account.amount <= 0);
    if (missing) throw badRequest(allocationTexts.amountNeeded(missing.name, method));
  }
  if (method === 'P') {
    const total = accounts.reduce((sum, account) => sum + (account.amount ?? 0), 0);
    if (Math.abs(total - 100) > 1e-9) throw badRequest(allocationTexts.percentages(total));
  }
  // Amounts mean nothing to A, E and N: they are not kept.
  return accounts.map(({ name, amount }) => (userDefined ? { name, amount } : { name }));
}

function checkedMethod(method: AllocationMethod): AllocationMethod {
  if (!methods.includes(method)) throw badRequest(allocationTexts.unknownMethod(String(method)));
  return method;
}

/** Validates and stores a new allocation group of `user`; every violation → 400, nothing stored.
 * Without a method the group takes the presets' default. */
export function createAllocationGroup(
  store: AccountsStore,
  user: User,
  request: NewAllocationGroup,
): AllocationGroup {
  requireAdvisor(user);
  const method = checkedMethod(request.defaultMethod ?? defaultMethodOf(store, user));
  const groups = store.collection('allocationGroups');
  const key = allocationGroupKey(user.username, request.name);
  if (groups.get(key)) throw badRequest(allocationTexts.nameInUse(request.name));
  const group: AllocationGroup = {
    name: request.name,
    username: user.username,
    accounts: checkedAccounts(store, user, request.accounts, method),
    defaultMethod: method,
  };
  groups.set(key, group);
  return group;
}

/** One of the advisor's groups; an unknown name → 400. */
export function allocationGroup(store: AccountsStore, user: User, name: string): AllocationGroup {
  requireAdvisor(user);
  const group = store.collection('allocationGroups').get(allocationGroupKey(user.username, name));
  if (!group) throw badRequest(allocationTexts.unknownGroup(name));
  return group;
}

/** The groups by advisor: declared by the brokerage when it is built, kept by every write. */
export function allocationGroupsByUser(store: AccountsStore): Index<AllocationGroup> {
  return store.collection('allocationGroups').index('byUser', (group) => group.username);
}

/** The advisor's groups, in the order they were created. */
export function allocationGroupsOf(store: AccountsStore, user: User): AllocationGroup[] {
  requireAdvisor(user);
  return allocationGroupsByUser(store).get(user.username);
}

/** Changes a group's accounts, method or name (`previousName` names it then); what is left out
 * stays. The group is checked whole against its (new) method before anything is stored. */
export function modifyAllocationGroup(
  store: AccountsStore,
  user: User,
  change: AllocationGroupChange,
): AllocationGroup {
  const current = allocationGroup(store, user, change.previousName ?? change.name);
  const groups = store.collection('allocationGroups');
  if (change.name !== current.name && groups.get(allocationGroupKey(user.username, change.name)))
    throw badRequest(allocationTexts.nameInUse(change.name));
  const method = checkedMethod(change.defaultMethod ?? current.defaultMethod);
  const group: AllocationGroup = {
    name: change.name,
    username: user.username,
    accounts: checkedAccounts(store, user, change.accounts ?? current.accounts, method),
    defaultMethod: method,
  };
  groups.delete(allocationGroupKey(user.username, current.name));
  groups.set(allocationGroupKey(user.username, group.name), group);
  return group;
}

export function deleteAllocationGroup(store: AccountsStore, user: User, name: string): void {
  const group = allocationGroup(store, user, name);
  store.collection('allocationGroups').delete(allocationGroupKey(user.username, group.name));
}

/** The answer to setting, changing or deleting a group or presets: failures answer with an
 * error status instead. */
export function allocationGroupSet(): Schema<'AllocationGroupResult'> {
  return { success: true };
}

/** The advisor's group of this name, if the user is an advisor and has one (orders may name a
 * group in place of an account). */
export function advisorGroup(
  store: AccountsStore,
  user: User,
  name: string,
): AllocationGroup | undefined {
  if (!user.properties.includes('FA')) return undefined;
  return store.collection('allocationGroups').get(allocationGroupKey(user.username, name));
}

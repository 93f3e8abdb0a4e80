import type { Schema } from '@brokerage/types';
import { badRequest } from '../kernel/errors.js';
import type { Market } from '../market/market.js';
import { allocationTexts } from './allocation-texts.js';
import type { Account, User } from './model.js';
import type { Index, Store } from '../kernel/store.js';
import { valueAccount } from './valuation.js';

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

/** The accounts an order is split over and how; kept on the order, so that changing or deleting
 * its group later does not change it. */
export interface OrderAllocation {
  /** The group's name, when a group was named. */
  group?: string;
  method: AllocationMethod;
  accounts: AllocationAccount[];
  /** The presets' auto-close for the method's kind (`group_auto_close_positions` for `A`, `E`,
   * `N`; `profiles_auto_close_positions` for `C`, `P`, `R`, `S`) when the order was placed: an
   * order against the accounts' positions closes them first. */
  closePositionsFirst?: boolean;
}

const methods: readonly AllocationMethod[] = ['A', 'E', 'N', 'C', 'P', 'R', 'S'];
const userDefinedMethods: readonly AllocationMethod[] = ['C', 'P', 'R', 'S'];

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
export function subAccountsOf(store: Store, advisor: User): Account[] {
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

export function allocationPresets(store: Store, user: User): AllocationPresets {
  requireAdvisor(user);
  return store.collection('allocationPresets').get(user.username) ?? defaultPresets();
}

export function setAllocationPresets(
  store: Store,
  user: User,
  change: Partial<AllocationPresets>,
): void {
  const presets = { ...allocationPresets(store, user), ...change };
  store.collection('allocationPresets').set(user.username, presets);
}

/** The method a name stands for: a code, or one of the long names; undefined when unknown. */
function methodOf(name: string): AllocationMethod | undefined {
  return methods.includes(name as AllocationMethod)
    ? (name as AllocationMethod)
    : methodNames[name];
}

/** The advisor's default method: the presets' `default_method_for_all`. */
function defaultMethodOf(store: Store, user: User): AllocationMethod {
  return methodOf(allocationPresets(store, user).default_method_for_all ?? 'N') ?? 'N';
}

/** Checks a group's accounts and amounts against its method; every violation → 400. */
function checkedAccounts(
  store: Store,
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
  store: Store,
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
export function allocationGroup(store: Store, user: User, name: string): AllocationGroup {
  requireAdvisor(user);
  const group = store.collection('allocationGroups').get(allocationGroupKey(user.username, name));
  if (!group) throw badRequest(allocationTexts.unknownGroup(name));
  return group;
}

/** The groups by advisor: declared by the brokerage when it is built, kept by every write. */
export function allocationGroupsByUser(store: Store): Index<AllocationGroup> {
  return store.collection('allocationGroups').index('byUser', (group) => group.username);
}

/** The advisor's groups, in the order they were created. */
export function allocationGroupsOf(store: Store, user: User): AllocationGroup[] {
  requireAdvisor(user);
  return allocationGroupsByUser(store).get(user.username);
}

/** Changes a group's accounts, method or name (`previousName` names it then); what is left out
 * stays. The group is checked whole against its (new) method before anything is stored. */
export function modifyAllocationGroup(
  store: Store,
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

export function deleteAllocationGroup(store: Store, user: User, name: string): void {
  const group = allocationGroup(store, user, name);
  store.collection('allocationGroups').delete(allocationGroupKey(user.username, group.name));
}

/** What an advisor's order asks to be split over: a group named by the path (`pathGroup`) or by
 * `acctId`, or, on the master account with an `allocationMethod`, every sub-account by that
 * method (an unknown method name takes the presets' default). Undefined for an order of one
 * account. */
export function orderAllocation(
  store: Store,
  user: User,
  pathAccount: Account,
  pathGroup: AllocationGroup | undefined,
  request: { acctId?: string | undefined; allocationMethod?: string | undefined },
): OrderAllocation | undefined {
  if (!user.properties.includes('FA') || pathAccount.id !== user.accounts[0]) return undefined;
  const group =
    pathGroup ??
    (request.acctId === undefined ? undefined : advisorGroup(store, user, request.acctId));
  if (group)
    return withAutoClose(store, user, {
      group: group.name,
      method: group.defaultMethod,
      accounts: group.accounts,
    });
  if (request.allocationMethod === undefined || request.acctId !== undefined) return undefined;
  const method = methodOf(request.allocationMethod) ?? defaultMethodOf(store, user);
  // Every sub-account, with no amounts: the user-defined methods then weigh them equally.
  return withAutoClose(store, user, {
    method: userDefinedMethods.includes(method) ? 'E' : method,
    accounts: subAccountsOf(store, user).map((account) => ({ name: account.id })),
  });
}

/** The allocation with the advisor's auto-close preset for its kind of method. */
function withAutoClose(store: Store, user: User, allocation: OrderAllocation): OrderAllocation {
  const presets = allocationPresets(store, user);
  const autoClose = userDefinedMethods.includes(allocation.method)
    ? presets.profiles_auto_close_positions
    : presets.group_auto_close_positions;
  return autoClose ? { ...allocation, closePositionsFirst: true } : allocation;
}

export interface AllocatedQuantity {
  accountId: string;
  quantity: number;
}

/** How much of `quantity` each account gets by the allocation's method: equal shares (`E`), in
 * proportion to net liquidation (`N`) or available equity (`A`) in the advisor's base terms, or
 * to each account's amount (`C`, `P`, `R`, `S`). Units of `step` (whole shares, or the
 * contract's size increment) are handed out by largest remainder, ties to the earlier account,
 * so the parts always add up to the order; accounts that get nothing are left out. */
export function splitAllocation(
  allocation: OrderAllocation,
  quantity: number,
  step: number,
  accountOf: (id: string) => Account | undefined,
  market: Market,
): AllocatedQuantity[] {
  const weights = allocation.accounts.map(({ name, amount }) => {
    const account = accountOf(name);
    if (!account) return 0;
    if (allocation.method === 'E') return 1;
    if (allocation.method === 'N' || allocation.method === 'A') {
      const values = valueAccount(account, market);
      const base = market.rate(account.baseCurrency, 'USD');
      const value = allocation.method === 'N' ? values.total.netLiquidation : values.availableFunds;
      return Math.max(0, value * base);
    }
    return amount ?? 0;
  });
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const units = Math.round(quantity / step);
  const exact = weights.map((weight) =>
    totalWeight > 0 ? (units * weight) / totalWeight : units / weights.length,
  );
  const parts = exact.map(Math.floor);
  let left = units - parts.reduce((sum, part) => sum + part, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return allocation.accounts.flatMap(({ name }, index) => {
    const part = parts[index] ?? 0;
    return part > 0 ? [{ accountId: name, quantity: Math.round(part * step * 1e6) / 1e6 }] : [];
  });
}

/** What an allocated order trades, as the split needs it. */
export interface AllocatedOrder {
  conid: number;
  side: 'BUY' | 'SELL';
  quantity: number;
}

/** How much of an allocated order each account gets: with `closePositionsFirst`, an order
 * against the accounts' positions (a sale against long positions, a purchase against short ones)
 * first closes them, in proportion to them when the order is smaller, and splits only the rest
 * by the allocation's method; otherwise the method splits the whole order. */
export function allocateOrder(
  allocation: OrderAllocation,
  order: AllocatedOrder,
  step: number,
  accountOf: (id: string) => Account | undefined,
  market: Market,
): AllocatedQuantity[] {
  const closable = allocation.closePositionsFirst
    ? allocation.accounts.flatMap(({ name }) => {
        const held =
          accountOf(name)?.positions.find((position) => position.conid === order.conid)?.quantity ??
          0;
        const amount = order.side === 'SELL' ? held : -held;
        return amount > 0 ? [{ name, amount }] : [];
      })
    : [];
  const totalClosable = closable.reduce((sum, account) => sum + account.amount, 0);
  if (totalClosable === 0)
    return splitAllocation(allocation, order.quantity, step, accountOf, market);
  const closing = Math.min(order.quantity, totalClosable);
  const rest = Math.round((order.quantity - closing) * 1e6) / 1e6;
  const parts = [
    ...splitAllocation({ method: 'S', accounts: closable }, closing, step, accountOf, market),
    ...(rest > 0 ? splitAllocation(allocation, rest, step, accountOf, market) : []),
  ];
  return allocation.accounts.flatMap(({ name }) => {
    const quantity = parts
      .filter((part) => part.accountId === name)
      .reduce((sum, part) => sum + part.quantity, 0);
    return quantity > 0 ? [{ accountId: name, quantity: Math.round(quantity * 1e6) / 1e6 }] : [];
  });
}

/** The answer to setting, changing or deleting a group or presets: failures answer with an
 * error status instead. */
export function allocationGroupSet(): Schema<'AllocationGroupResult'> {
  return { success: true };
}

/** The advisor's group of this name, if the user is an advisor and has one (orders may name a
 * group in place of an account). */
export function advisorGroup(store: Store, user: User, name: string): AllocationGroup | undefined {
  if (!user.properties.includes('FA')) return undefined;
  return store.collection('allocationGroups').get(allocationGroupKey(user.username, name));
}

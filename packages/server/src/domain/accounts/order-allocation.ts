// How an advisor's order is split over accounts: which accounts and by which method (a group, or
// every sub-account), and how much of the order each gets.
import type { Market } from '../market/market.js';
import {
  advisorGroup,
  allocationPresets,
  defaultMethodOf,
  methodOf,
  subAccountsOf,
  userDefinedMethods,
  type AllocationAccount,
  type AllocationGroup,
  type AllocationMethod,
} from './allocation-groups.js';
import type { Account, User } from './model.js';
import { valueAccount } from './valuation.js';
import type { AccountsStore } from './store-view.js';

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

/** What an advisor's order asks to be split over: a group named by the path (`pathGroup`) or by
 * `acctId`, or, on the master account with an `allocationMethod`, every sub-account by that
 * method (an unknown method name takes the presets' default). Undefined for an order of one
 * account. */
export function orderAllocation(
  store: AccountsStore,
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
function withAutoClose(
  store: AccountsStore,
  user: User,
  allocation: OrderAllocation,
): OrderAllocation {
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

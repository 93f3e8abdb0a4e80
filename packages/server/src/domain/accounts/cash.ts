// What an account holds, changed as values: its cash by currency and its positions by contract.
import type { Account, Position } from './model.js';
import { cents, roundTo } from '../kernel/money.js';

/** The account with `amount` (negative: taken) added to its cash in `currency`, to the cent. */
export function withCash(account: Account, currency: string, amount: number): Account {
  const balance = cents((account.cash[currency] ?? 0) + amount);
  return { ...account, cash: { ...account.cash, [currency]: balance } };
}

/** The average cost per unit of a position after `added` units (a count, in the position's
 * direction) joined it at `cost` each: the mean of the held and added units' costs, weighted by
 * their counts, to 6 places. The one rule of a fill that adds to a position and of a transfer
 * or delivery in; a reduction keeps the average cost. */
export function blendedAverageCost(held: Position, added: number, cost: number): number {
  const units = Math.abs(held.quantity);
  return roundTo((units * held.averageCost + added * cost) / roundTo(units + added, 6), 6);
}

/** The account's positions with `position` in place of the one of its contract (added when it
 * holds none), or without it once its quantity is zero. */
export function withPosition(account: Account, position: Position): Account['positions'] {
  const index = account.positions.findIndex((held) => held.conid === position.conid);
  if (position.quantity === 0) return account.positions.filter((_, at) => at !== index);
  return index === -1
    ? [...account.positions, position]
    : account.positions.map((held, at) => (at === index ? position : held));
}

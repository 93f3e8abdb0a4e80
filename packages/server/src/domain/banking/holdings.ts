import { blendedAverageCost, withPosition } from '../accounts/cash.js';
import type { Account, Position } from '../accounts/model.js';
import type { InstructionRecord } from './model.js';
import { roundTo } from '../kernel/money.js';

/** The cash of a currency that may leave the account now: its cash less what pending
 * withdrawals will take, never below zero. */
export function withdrawableCash(
  account: Account,
  currency: string,
  pending: readonly InstructionRecord[],
): number {
  const reserved = pending.reduce((sum, record) => {
    const movement = record.movement;
    return movement?.type === 'cash' && movement.currency === currency && movement.amount < 0
      ? sum - movement.amount
      : sum;
  }, 0);
  return Math.max(0, roundTo((account.cash[currency] ?? 0) - reserved, 2));
}

/** The quantity of a contract the account may deliver now: what it holds less what pending
 * deliveries and moves out of it will take. */
export function deliverableQuantity(
  account: Account,
  conid: number,
  pending: readonly InstructionRecord[],
): number {
  const held = account.positions.find((position) => position.conid === conid)?.quantity ?? 0;
  const reserved = pending.reduce((sum, record) => {
    const movement = record.movement;
    if (movement?.type === 'position' && movement.conid === conid && movement.quantity < 0)
      return sum - movement.quantity;
    if (movement?.type === 'positions')
      return movement.positions.reduce(
        (taken, moved) =>
          moved.conid === conid && moved.quantity < 0 ? taken - moved.quantity : taken,
        sum,
      );
    if (
      movement?.type === 'positionMove' &&
      movement.conid === conid &&
      movement.source === account.id
    )
      return sum + movement.quantity;
    return sum;
  }, 0);
  return Math.max(0, roundTo(held - reserved, 6));
}

/** The account with `quantity` of the contract added at `cost` per unit (its average cost
 * blended with what it holds), or taken out (negative; the average cost stays). Answers
 * undefined when the account does not hold what is taken. */
export function withQuantityMoved(
  account: Account,
  conid: number,
  quantity: number,
  cost: number,
): Account | undefined {
  const held: Position = account.positions.find((position) => position.conid === conid) ?? {
    conid,
    quantity: 0,
    averageCost: cost,
  };
  const after = roundTo(held.quantity + quantity, 6);
  if (quantity < 0 && after < 0) return undefined;
  const averageCost = quantity > 0 ? blendedAverageCost(held, quantity, cost) : held.averageCost;
  return {
    ...account,
    positions: withPosition(account, { ...held, quantity: after, averageCost }),
  };
}

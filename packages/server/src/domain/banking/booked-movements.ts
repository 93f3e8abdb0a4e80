import type { BankingStore } from './store-view.js';
import type { AreaContext } from '../accounts/brokerage.js';
import { dayMs, startOfUtcDay } from '../kernel/time-format.js';
import { historyDays as keptDays } from '../market/seeded-history.js';
import type { BookedMovement, Booking, InstructionRecord } from './model.js';

const byAccountDay = (store: BankingStore) =>
  store
    .collection('bankingMovements')
    .index(
      'byAccountUtcDay',
      (movement) => `${movement.accountId}|${startOfUtcDay(movement.time)}`,
    );

/** What settled instructions moved in the account on the UTC days `firstDay` to `lastDay` (days
 * since the epoch, both included), in the order they settled: for the statements. */
export function movementsBetween(
  store: BankingStore,
  accountId: string,
  firstDay: number,
  lastDay: number,
): BookedMovement[] {
  const index = byAccountDay(store);
  const movements: BookedMovement[] = [];
  for (let day = firstDay; day <= lastDay; day++)
    movements.push(...index.get(`${accountId}|${day * dayMs}`));
  return movements.sort((a, b) => a.time - b.time || a.instructionId - b.instructionId);
}

/** Keeps what a settled instruction moved in each account it changed, dated now, for as long
 * as the executions a statement shows beside them (the price path's year of history). */
export function keepBooked(
  context: AreaContext<'clock', never, BankingStore>,
  record: Pick<InstructionRecord, 'instructionId' | 'kind'>,
  ...bookings: Booking[]
): void {
  const time = context.clock.now();
  const kept = context.store.collection('bankingMovements');
  for (const booking of bookings) {
    const movement: BookedMovement = {
      ...booking,
      // A version-2 delivery books several contracts of one account: one record each.
      id: `${record.instructionId}/${booking.accountId}${booking.type === 'position' ? `/${booking.conid}` : ''}`,
      instructionId: record.instructionId,
      kind: record.kind,
      time,
    };
    kept.set(movement.id, movement, { expiresAt: startOfUtcDay(time) + keptDays * dayMs });
  }
}

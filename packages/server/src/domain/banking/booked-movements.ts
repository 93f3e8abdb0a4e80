import type { Brokerage } from '../accounts/brokerage.js';
import { dayMs, startOfUtcDay } from '../kernel/time-format.js';
import { historyDays as keptDays } from '../market/seeded-history.js';
import type { BookedMovement, Booking, InstructionRecord } from './model.js';

/** Keeps what a settled instruction moved in each account it changed, dated now, for as long
 * as the executions a statement shows beside them (the price path's year of history). */
export function keepBooked(
  brokerage: Pick<Brokerage, 'clock' | 'store'>,
  record: Pick<InstructionRecord, 'instructionId' | 'kind'>,
  ...bookings: Booking[]
): void {
  const time = brokerage.clock.now();
  const kept = brokerage.store.collection('bankingMovements');
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

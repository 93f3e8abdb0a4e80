import {
  isAdvanceable,
  ManualClock,
  OffsetClock,
  type AdvanceableClock,
  type Clock,
  type ClockOffset,
} from '../domain/kernel/clock.js';
import type { Store } from '../domain/kernel/store.js';

/**
 * The clock as the domain sees it when the store has units of work (Redis): what it runs when it
 * fires on its own (a timer: a retention sweep, a price walk) is one unit of work. A callback that
 * a move of the clock makes due runs at once: inside the unit that moved it (a control call), or,
 * when a test moves a manual clock directly, with its writes committed right after. An
 * `OffsetClock` keeps its offset in the store: every process on it answers the same time, and
 * runs the timers another process's move made due once its replica has the move.
 * `afterAdvance` runs in the moving unit after a move (the stored tasks it made due).
 */
export function unitClock(
  clock: Clock,
  store: Store,
  onError: (error: unknown) => void,
  afterAdvance: () => void = () => undefined,
): Clock {
  const unit = store.unit?.bind(store);
  if (!unit || clock instanceof ManualClock) return clock;
  if (clock instanceof OffsetClock) {
    clock.keepOffsetIn(offsetRecord(store));
    // Another process moved the clock: this process's timers come due by the new time.
    store.onReplicaChange?.((collection) => {
      if (collection === undefined || collection === 'clock') clock.offsetMoved();
    });
  }
  const schedule = (ms: number, callback: () => void) =>
    clock.schedule(ms, () => {
      unit(callback).catch(onError);
    });
  const now = () => clock.now();
  if (!isAdvanceable(clock)) return { now, schedule };
  const advance = (ms: number) => {
    clock.advance(ms);
    afterAdvance();
  };
  const advanceable: AdvanceableClock = { now, schedule, advance };
  return advanceable;
}

/** The clock's offset as a record of the store (`clock/offset`): written by the unit that moves
 * the clock, read from the replica (no round trip), kept by a reset. */
function offsetRecord(store: Store): ClockOffset {
  const records = store.collection('clock');
  return { get: () => records.get('offset') ?? 0, set: (ms) => records.set('offset', ms) };
}

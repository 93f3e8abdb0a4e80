import type { ControlSchema } from '@brokerage/types/control';
import { isAdvanceable, type AdvanceableClock, type Clock } from '../domain/kernel/clock.js';
import { badRequest } from '../domain/kernel/errors.js';
import { isWholeNumber } from './shared.js';

type ClockState = ControlSchema<'ClockState'>;

/** The clock's time as the control API answers it. */
export function clockState(clock: Clock): ClockState {
  const now = clock.now();
  return { now, time: new Date(now).toISOString() };
}

/** 400 unless the clock can be moved forward (the system clock cannot). */
export function advanceableClock(clock: Clock): AdvanceableClock {
  if (!isAdvanceable(clock)) throw badRequest("The server's clock cannot be advanced");
  return clock;
}

/** The controls of the server's clock: read it, move it forward. */
export class ClockControls {
  readonly #clock: Clock;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  read(): ClockState {
    return clockState(this.#clock);
  }

  /** Moves the server's clock forward; what falls due in between runs at once, in order. */
  advance(ms: number): ClockState {
    if (!isWholeNumber(ms, 0)) throw badRequest('ms must be a non-negative integer');
    advanceableClock(this.#clock).advance(ms);
    return this.read();
  }
}

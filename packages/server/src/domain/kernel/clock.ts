/** The server's notion of time. Everything time-dependent (sessions, pacing, fills, the
 * 10-second abort, injected latency) reads it, so tests drive time instead of waiting for it. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Runs `callback` after `ms` of this clock's time; returns a function that cancels it. */
  schedule(ms: number, callback: () => void): () => void;
}

/** A clock that test authors can move forward (the control API's `clock/advance`). */
export interface AdvanceableClock extends Clock {
  /** Moves the time forward by `ms`, running what falls due, in order. */
  advance(ms: number): void;
}

export function isAdvanceable(clock: Clock): clock is AdvanceableClock {
  return typeof (clock as Partial<AdvanceableClock>).advance === 'function';
}

/** The longest delay a Node or browser timer takes; a longer one would fire at once. */
const longestTimerMs = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(ms, callback) {
    // A delay past the timers' limit (a replay of bars set years ahead) waits in steps.
    const due = Date.now() + ms;
    let timer: ReturnType<typeof setTimeout>;
    const arm = (wait: number): void => {
      timer = setTimeout(
        () => {
          const left = due - Date.now();
          if (left > 0) arm(left);
          else callback();
        },
        Math.min(Math.max(0, wait), longestTimerMs),
      );
      timer.unref?.();
    };
    arm(ms);
    return () => clearTimeout(timer);
  },
};

interface Scheduled {
  at: number;
  seq: number;
  callback: () => void;
}

/** A clock that moves only when told to: `advance(ms)` runs what falls due, in order. */
export class ManualClock implements AdvanceableClock {
  #now: number;
  #seq = 0;
  // A set: a cancelled entry (a request answered before its timeout) leaves in constant time,
  // however much else is scheduled.
  readonly #pending = new Set<Scheduled>();

  constructor(start: number | Date = Date.UTC(2026, 0, 5, 15, 0, 0)) {
    this.#now = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.#now;
  }

  schedule(ms: number, callback: () => void): () => void {
    const entry: Scheduled = { at: this.#now + Math.max(0, ms), seq: this.#seq++, callback };
    this.#pending.add(entry);
    return () => {
      this.#pending.delete(entry);
    };
  }

  advance(ms: number): void {
    const target = this.#now + ms;
    for (;;) {
      const due = [...this.#pending]
        .filter((item) => item.at <= target)
        .sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.#pending.delete(due);
      this.#now = due.at;
      due.callback();
    }
    this.#now = target;
  }

  set(time: number | Date): void {
    const target = typeof time === 'number' ? time : time.getTime();
    if (target < this.#now) throw new RangeError('the clock cannot go back');
    this.advance(target - this.#now);
  }
}

interface OffsetScheduled {
  at: number;
  seq: number;
  callback: () => void;
  cancelTimer: () => void;
}

/** Where an `OffsetClock` keeps how far it was moved ahead (ms): in the clock itself, or in a
 * record that every process on a shared store reads. */
export interface ClockOffset {
  get(): number;
  set(ms: number): void;
}

function offsetInMemory(): ClockOffset {
  let offsetMs = 0;
  return {
    get: () => offsetMs,
    set: (ms) => {
      offsetMs = ms;
    },
  };
}

/** Another clock (the system clock by default) plus an offset that `advance(ms)` grows: time
 * runs on its own and can also jump forward; what a jump makes due runs at once, in order. */
export class OffsetClock implements AdvanceableClock {
  #offset = offsetInMemory();
  #seq = 0;
  readonly #pending = new Set<OffsetScheduled>();

  constructor(private readonly base: Clock = systemClock) {}

  now(): number {
    return this.base.now() + this.#offset.get();
  }

  /** Keeps the offset in `offset` from now on (a record of a shared store), whatever it holds. */
  keepOffsetIn(offset: ClockOffset): void {
    this.#offset = offset;
  }

  schedule(ms: number, callback: () => void): () => void {
    const entry: OffsetScheduled = {
      at: this.now() + Math.max(0, ms),
      seq: this.#seq++,
      callback,
      cancelTimer: () => undefined,
    };
    this.#pending.add(entry);
    this.#arm(entry);
    return () => {
      entry.cancelTimer();
      this.#pending.delete(entry);
    };
  }

  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError('the clock cannot go back');
    this.#offset.set(this.#offset.get() + ms);
    this.offsetMoved();
  }

  /** Runs what falls due now that the offset moved (by `advance`, or in its shared record by
   * another process), in order, and re-arms the rest for their new distance. */
  offsetMoved(): void {
    const now = this.now();
    const due = [...this.#pending]
      .filter((entry) => entry.at <= now)
      .sort((a, b) => a.at - b.at || a.seq - b.seq);
    for (const entry of this.#pending) {
      entry.cancelTimer();
      if (entry.at > now) this.#arm(entry); // now due sooner in the base clock's time
    }
    for (const entry of due) this.#pending.delete(entry);
    for (const entry of due) entry.callback();
  }

  #arm(entry: OffsetScheduled): void {
    // The base timer fires at the entry's time unless an advance has run it earlier.
    entry.cancelTimer = this.base.schedule(entry.at - this.now(), () => {
      if (!this.#pending.delete(entry)) return;
      entry.callback();
    });
  }
}

/** Resolves after `ms` of the clock's time. */
export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.schedule(ms, resolve));
}

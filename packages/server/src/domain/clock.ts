/** The server's notion of time. Everything time-dependent (sessions, pacing, fills, the
 * 10-second abort, injected latency) reads it, so tests drive time instead of waiting for it. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Runs `callback` after `ms` of this clock's time; returns a function that cancels it. */
  schedule(ms: number, callback: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(ms, callback) {
    const timer = setTimeout(callback, ms);
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};

interface Scheduled {
  at: number;
  seq: number;
  callback: () => void;
}

/** A clock that moves only when told to: `advance(ms)` runs what falls due, in order. */
export class ManualClock implements Clock {
  #now: number;
  #seq = 0;
  #pending: Scheduled[] = [];

  constructor(start: number | Date = Date.UTC(2026, 0, 5, 15, 0, 0)) {
    this.#now = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.#now;
  }

  schedule(ms: number, callback: () => void): () => void {
    const entry: Scheduled = { at: this.#now + Math.max(0, ms), seq: this.#seq++, callback };
    this.#pending.push(entry);
    return () => {
      this.#pending = this.#pending.filter((item) => item !== entry);
    };
  }

  advance(ms: number): void {
    const target = this.#now + ms;
    for (;;) {
      const due = this.#pending
        .filter((item) => item.at <= target)
        .sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.#pending = this.#pending.filter((item) => item !== due);
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

/** Resolves after `ms` of the clock's time. */
export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.schedule(ms, resolve));
}

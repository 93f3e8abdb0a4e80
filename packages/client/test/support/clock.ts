import type { Clock } from '../../src/clock.js';

interface Scheduled {
  at: number;
  seq: number;
  owner: string;
  callback: () => void;
}

/** A clock that moves only when told to, shared by the server and the client under test. Each
 * `scope` sees the same time and tracks its own timers, so a test can tell the client's apart. */
export class TestClock implements Clock {
  #now = Date.UTC(2026, 0, 5, 15, 0, 0);
  #seq = 0;
  #pending: Scheduled[] = [];

  now(): number {
    return this.#now;
  }

  schedule(ms: number, callback: () => void, owner = 'server'): () => void {
    const entry: Scheduled = { at: this.#now + Math.max(0, ms), seq: this.#seq++, owner, callback };
    this.#pending.push(entry);
    return () => {
      this.#pending = this.#pending.filter((item) => item !== entry);
    };
  }

  /** The same clock, its timers tagged with `owner`. */
  scope(owner: string): Clock {
    return {
      now: () => this.now(),
      schedule: (ms, callback) => this.schedule(ms, callback, owner),
    };
  }

  pending(owner?: string): number {
    return this.#pending.filter((item) => owner === undefined || item.owner === owner).length;
  }

  advance(ms: number): void {
    const target = this.#now + ms;
    for (;;) {
      const due = this.#next(target);
      if (!due) break;
      this.#run(due);
    }
    this.#now = target;
  }

  /** Moves to the earliest timer and runs it (and any due at the same time); false when none. */
  advanceToNext(): boolean {
    const next = this.#next(Infinity);
    if (!next) return false;
    this.advance(next.at - this.#now);
    return true;
  }

  #next(until: number): Scheduled | undefined {
    return this.#pending
      .filter((item) => item.at <= until)
      .sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
  }

  #run(due: Scheduled): void {
    this.#pending = this.#pending.filter((item) => item !== due);
    this.#now = due.at;
    due.callback();
  }
}

/** A clock for the in-process server that moves only when a test advances it (the server's
 * `Clock` interface: `now` and `schedule`), so timeouts and session expiry need no waiting. */
export class ManualClock {
  #now: number;
  #pending: { at: number; seq: number; callback: () => void }[] = [];
  #seq = 0;

  constructor(start = Date.UTC(2026, 0, 5, 15, 0, 0)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  schedule(ms: number, callback: () => void): () => void {
    const entry = { at: this.#now + Math.max(0, ms), seq: this.#seq++, callback };
    this.#pending.push(entry);
    return () => {
      this.#pending = this.#pending.filter((item) => item !== entry);
    };
  }

  /** Moves the time forward, running what falls due in order. */
  advance(ms: number): void {
    const target = this.#now + ms;
    for (;;) {
      const due = this.#pending
        .filter((e) => e.at <= target)
        .sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.#pending = this.#pending.filter((e) => e !== due);
      this.#now = due.at;
      due.callback();
    }
    this.#now = target;
  }
}

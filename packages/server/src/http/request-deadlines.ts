import type { Clock } from '../domain/kernel/clock.js';

/** A request's deadline: `expire` runs when it passes, unless the deadline was settled first. */
export interface Deadline {
  readonly at: number;
  expire: (() => void) | undefined;
}

/** The request was answered (or closed): its deadline no longer matters. */
export const settle = (deadline: Deadline): void => {
  deadline.expire = undefined;
};

/**
 * Every request's abort after the same span of the clock's time, on one timer of the clock (not
 * a timer per request: armed and cancelled for every request, they were a few percent of a read's
 * CPU time). Requests are kept in the order they came, which is the order of their deadlines (the
 * clock never goes back and the span is the same); the clock's one timer is armed for the oldest
 * request still open, and when it fires, every request whose deadline has passed expires, oldest
 * first, as a timer each would have run them. A request answered in time only leaves its entry to
 * be dropped when the timer next fires.
 */
export function requestDeadlines(clock: Clock, spanMs: number) {
  const queue: Deadline[] = [];
  let head = 0;
  let armed = false;

  const arm = (): void => {
    while (head < queue.length && (queue[head] as Deadline).expire === undefined) head++;
    if (head === queue.length) {
      queue.length = 0;
      head = 0;
      armed = false;
      return;
    }
    // Dropping the settled entries at the front keeps the queue as long as the requests open.
    if (head > 1024 && head * 2 > queue.length) {
      queue.splice(0, head);
      head = 0;
    }
    armed = true;
    clock.schedule(Math.max(0, (queue[head] as Deadline).at - clock.now()), fire);
  };

  const fire = (): void => {
    const now = clock.now();
    while (head < queue.length && (queue[head] as Deadline).at <= now) {
      const entry = queue[head++] as Deadline;
      const { expire } = entry;
      entry.expire = undefined;
      expire?.();
    }
    arm();
  };

  return {
    /** `expire` runs once the span has passed on the clock, unless settled before. */
    start(expire: () => void): Deadline {
      const entry: Deadline = { at: clock.now() + spanMs, expire };
      queue.push(entry);
      if (!armed) arm();
      return entry;
    },
  };
}

// What runs below the domain on a store, whichever kind it is: the clock its units see, its timed
// work, pacing, the events of other processes, readiness and close. Each kind of store gives one
// (`oneProcessRuntime` here; `sharedRuntime` for Redis), so nothing above branches on the kind.
import type { Clock } from '../domain/kernel/clock.js';
import type { DomainEvents } from '../domain/kernel/events.js';
import type { Store } from '../domain/kernel/store.js';
import type { TimedTasks } from '../domain/kernel/timed-tasks.js';
import type { PacingLimits, RequestPacer } from '../http/pacing.js';
import type { StoreState } from './redis/store-health.js';
import { unitClock } from './unit-clock.js';

export type { StoreState };

/** A store with what runs on it. */
export interface StoreRuntime {
  readonly store: Store;
  /** The brokerage's clock as the store's units see it. */
  readonly clock: Clock;
  /** Whether processes share the store (what lives in one process's memory is then refused). */
  readonly shared: boolean;
  /** The timed work of a store shared by processes, run by the leader of them; undefined: the
   * kernel's own, run by this process. */
  readonly timedTasks: TimedTasks | undefined;
  /** The pacer counting in the store, when processes share it; undefined: in memory. */
  readonly pacer: ((limits: PacingLimits) => RequestPacer) | undefined;
  /** The brokerage's events: heard on commit, and across processes where they share the store. */
  shareEvents(events: DomainEvents): void;
  /** Connects and loads the state (at once for one process). */
  ready(): Promise<void>;
  /** Starts what runs once the state is loaded (the leader lease of timed tasks). */
  started(): Promise<void>;
  /** Whether the store answers. */
  state(): StoreState;
  /** Stops what runs, commits what is pending and disconnects. */
  close(): Promise<void>;
}

/** The runtime of a store kept by one process (memory, or a user's own `Store`): its units see
 * the clock as it is, its timed work is closures on the clock, pacing counts in memory, every
 * event is this process's, and it is always ready. */
export function oneProcessRuntime(
  store: Store,
  clock: Clock,
  onError: (error: unknown) => void,
): StoreRuntime {
  return {
    store,
    clock: unitClock(clock, store, onError),
    shared: false,
    timedTasks: undefined,
    pacer: undefined,
    shareEvents: (events) => {
      if (store.afterCommit) events.deliverCommittedWith((deliver) => store.afterCommit?.(deliver));
    },
    ready: () => Promise.resolve(),
    started: () => Promise.resolve(),
    state: () => 'ready',
    close: () => Promise.resolve(),
  };
}

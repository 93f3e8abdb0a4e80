import type { Clock } from './clock.js';
import { DomainEvents } from './events.js';
import { SeededRandom } from './random.js';
import type { Store } from './store.js';
import { StoredTasks } from './stored-tasks.js';
import type { TimedTasks } from './timed-tasks.js';

export interface KernelOptions {
  clock: Clock;
  store: Store;
  seed: number;
  /** Timed work kept in the store, run by the leader of the processes sharing it (default: this
   * process runs it, on `clock`). */
  timedTasks?: TimedTasks | undefined;
}

/** What an area may take of the kernel besides its view of the store: the clock, the one event
 * bus, the seeded random and the timed tasks. */
export interface KernelContext {
  readonly clock: Clock;
  readonly events: DomainEvents;
  /** The simulation's seeded random (never for secrets: `secrets.ts`). */
  readonly random: SeededRandom;
  readonly timedTasks: TimedTasks;
}

/** What every area shares and no area owns: the clock, the one event bus, the seeded random, the
 * timed tasks and the store each area's view is cut from. It knows no record and no area; the
 * accounts area (`accounts/brokerage.ts`) is built on it. */
export class Kernel implements KernelContext {
  readonly clock: Clock;
  readonly store: Store;
  /** The one bus every area publishes its events to. */
  readonly events = new DomainEvents();
  /** Timed work kept as records of the store, so that it outlives the process that scheduled it
   * when processes share the store; one path in memory and on Redis. */
  readonly timedTasks: TimedTasks;
  #random: SeededRandom;

  constructor(options: KernelOptions) {
    this.clock = options.clock;
    this.store = options.store;
    this.timedTasks =
      options.timedTasks ?? new StoredTasks(options.store, options.clock, () => true);
    this.#random = new SeededRandom(options.seed);
  }

  /** The simulation's seeded random (never for secrets: `secrets.ts`). */
  get random(): SeededRandom {
    return this.#random;
  }

  /** Starts the seeded random over from `seed` (a load of the state). */
  reseed(seed: number): void {
    this.#random = new SeededRandom(seed);
  }
}

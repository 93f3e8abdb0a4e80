// What a server runs on besides its services: the store, the clock its units see, the pacer and
// timed tasks of a shared store, its health, and its close. One call (`openRuntime`) instead of
// the store's separate calls in `createServer`.
import type { Logger } from 'pino';
import type { Clock } from '../domain/kernel/clock.js';
import type { DomainEvents } from '../domain/kernel/events.js';
import { inUnit, type Store } from '../domain/kernel/store.js';
import type { PacingLimits, RequestPacer } from '../http/pacing.js';
import { openStore, type StoreSpec, type StoreState } from '../store/open-store.js';
import type { StoreRuntime } from '../store/store-runtime.js';

export interface RuntimeOptions {
  /** Where the state lives (`ServerOptions.store`). */
  store: StoreSpec | undefined;
  /** The brokerage's clock, before the store's units see it. */
  clock: Clock;
  /** Where the store's failures and moves of its state are logged. */
  logger: Logger;
  /** `ServerOptions.onStoreLost`. */
  onStoreLost: (() => void) | undefined;
}

export interface Runtime {
  readonly store: Store;
  /** The brokerage's clock as the store's units see it. */
  readonly clock: Clock;
  /** The pacer counting in a shared store (Redis); undefined in memory. */
  readonly sharedPacer: ((limits: PacingLimits) => RequestPacer) | undefined;
  /** The timed work kept as tasks in a shared store (Redis); undefined in memory. */
  readonly timedTasks: StoreRuntime['timedTasks'];
  /** Whether processes share the store. */
  readonly shared: boolean;
  /** Logs a failure of the store. */
  readonly onError: (error: unknown) => void;
  /** On a shared store, the brokerage's change events go to the other processes and theirs come
   * back on `events`. */
  shareEvents(events: DomainEvents): void;
  /** Connects the store and loads its state, runs `onLoaded`, then starts the timed work's lease;
   * the promise a server's `ready` is. */
  start(onLoaded: () => Promise<void>): Promise<void>;
  /** `ready` once started while the store answers; `starting` before. */
  readiness(): StoreState | 'starting';
  /** Whether the store answers. */
  state(): StoreState;
  /** The clock's position as committed on a shared store that answers within `committedWaitMs`
   * (the replica catches up first); otherwise the replica's. */
  committedNow(): Promise<number>;
  /** Stops the lease, commits what is pending and disconnects from the store. */
  close(): Promise<void>;
}

/** How long `committedNow` waits for the store before it answers from memory. */
export const committedWaitMs = 100;

/** Opens the store `options.store` names and what runs on it. */
export function openRuntime(options: RuntimeOptions): Runtime {
  const { logger } = options;
  const onError = (error: unknown) => logger.error({ err: error }, 'store failure');
  const runtime = openStore(options.store, options.clock, {
    onError,
    onStateChange: (state, message) =>
      logger[state === 'ready' ? 'info' : 'error']({ store: state }, message),
    ...(options.onStoreLost === undefined ? {} : { onLost: options.onStoreLost }),
  });
  const { store, clock } = runtime;
  let started = false;
  return {
    store,
    clock,
    sharedPacer: runtime.pacer,
    timedTasks: runtime.timedTasks,
    shared: runtime.shared,
    onError,
    shareEvents: (events) => runtime.shareEvents(events),
    start: (onLoaded) => {
      const ready = runtime.ready().then(async () => {
        await onLoaded();
        await runtime.started();
      });
      ready.then(() => (started = true), onError);
      return ready;
    },
    readiness: () => (started ? runtime.state() : 'starting'),
    state: () => runtime.state(),
    committedNow: async () => {
      if (runtime.state() !== 'ready') return clock.now();
      // A store that stalls (paused, not yet known to be down) gets `committedWaitMs`, then the
      // replica's time stands: liveness never waits on the store.
      let timer: NodeJS.Timeout | undefined;
      const fromMemory = new Promise<number>((resolve) => {
        timer = setTimeout(() => resolve(clock.now()), committedWaitMs);
        timer.unref();
      });
      const committed = Promise.resolve(inUnit(store, () => clock.now())).catch(
        // Unreachable after all: the replica's time stands.
        () => clock.now(),
      );
      try {
        return await Promise.race([committed, fromMemory]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => runtime.close(),
  };
}

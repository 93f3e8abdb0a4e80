import { ManualClock, type Clock } from '../../domain/kernel/clock.js';
import { isNoticeEvent, type ChangeEvent } from '../../domain/kernel/events.js';
import type { StoreRuntime } from '../store-runtime.js';
import { unitClock } from '../unit-clock.js';
import { LeaderLease } from './leader-lease.js';
import { RedisPacer } from './redis-pacer.js';
import type { RedisStore } from './redis-store.js';
import { StoredTasks } from '../../domain/kernel/stored-tasks.js';

/**
 * The runtime of a store shared by processes (Redis): timed work kept as tasks in the store, run
 * by the unit that moves the clock and, as time passes, by the holder of a leader lease; pacing
 * counted in Redis; events heard on commit, and the change events of each unit riding in its
 * commit so that the other processes publish them on their own bus once they applied its writes
 * (notices are not shared: their subscribers write state, and ran in the process that committed).
 */
export function sharedRuntime(
  store: RedisStore,
  clock: Clock,
  onError: (error: unknown) => void,
): StoreRuntime {
  const lease = new LeaderLease(store.connection(), clock, {
    onLead: () => {
      tasks.lead().catch(onError);
    },
    onError,
  });
  const unitsClock = unitClock(clock, store, onError, () => tasks.runDue());
  // A manual clock moves only when its own process moves it (a test): that process is the mover,
  // and runs what its moves make due, as a control call's unit does. Its lease ticks on that
  // clock, so between moves it lapses in Redis's real time: leadership would make a due task
  // wait for the next tick's reacquiring, after the move has returned.
  const movesItsOwnClock = clock instanceof ManualClock;
  const tasks = new StoredTasks(store, unitsClock, () => movesItsOwnClock || lease.held);
  return {
    store,
    clock: unitsClock,
    shared: true,
    timedTasks: tasks,
    pacer: (limits) => new RedisPacer(store.connection(), unitsClock, limits, onError),
    shareEvents: (events) => {
      events.deliverCommittedWith((deliver) => store.afterCommit(deliver));
      let replaying = false;
      events.subscribe((event) => {
        if (!replaying && !isNoticeEvent(event)) store.share(event);
      });
      store.onEvents((shared) => {
        replaying = true;
        try {
          for (const event of shared) events.publish(event as ChangeEvent);
        } finally {
          replaying = false;
        }
      });
    },
    ready: () => store.open(),
    started: () => lease.start(),
    state: () => store.state,
    close: async () => {
      await lease.stop();
      await store.close();
    },
  };
}

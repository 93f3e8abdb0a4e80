import type { Clock } from '../domain/kernel/clock.js';
import { isNoticeEvent, type ChangeEvent, type DomainEvents } from '../domain/kernel/events.js';
import type { Store } from '../domain/kernel/store.js';
import type { PacingLimits, RequestPacer } from '../http/pacing.js';
import { MemoryStore } from './memory.js';
import { LeaderLease } from './redis/leader-lease.js';
import { RedisPacer } from './redis/redis-pacer.js';
import { RedisStore } from './redis/redis-store.js';
import type { StoreState } from './redis/store-health.js';
import { StoredTasks } from './redis/stored-tasks.js';
import { unitClock } from './unit-clock.js';

/** Where the state lives, as a user names it: `memory` (the default), or
 * `redis://host:port/db[?prefix=name]` (`rediss://` for TLS). */
export type StoreSpec = Store | string;

export function isRedisUrl(spec: string): boolean {
  return /^rediss?:\/\//.test(spec);
}

export type { StoreState };

/** What a shared store tells its process: failures, moves of its state, the loss of its state. */
export interface StoreListeners {
  onError: (error: unknown) => void;
  onStateChange: (state: StoreState, message: string) => void;
  /** When given, a lost state is not seeded again: this is called instead (`RedisStoreOptions`). */
  onLost?: () => void;
}

/** The store a spec names; throws on a spec that names none. */
export function openStore(spec: StoreSpec | undefined, listeners: StoreListeners): Store {
  if (spec === undefined || spec === 'memory') return new MemoryStore();
  if (typeof spec !== 'string') return spec;
  if (isRedisUrl(spec)) return new RedisStore({ url: spec, ...listeners });
  throw new Error(`unknown store ${JSON.stringify(spec)}: expected memory or redis://host:port/db`);
}

/** Whether the store answers (`ready`); a store of one process always does. */
export function storeState(store: Store): StoreState {
  return store instanceof RedisStore ? store.state : 'ready';
}

/** The pacer of a store shared by several processes (Redis), counting in it; undefined for a
 * store of one process (the pacer then counts in memory). */
export function sharedPacer(
  store: Store,
  clock: Clock,
  onError: (error: unknown) => void,
): ((limits: PacingLimits) => RequestPacer) | undefined {
  if (!(store instanceof RedisStore)) return undefined;
  return (limits) => new RedisPacer(store.connection(), clock, limits, onError);
}

/** Connects the store and loads its state, if it is shared (Redis); resolves at once otherwise. */
export async function storeReady(store: Store): Promise<void> {
  if (store instanceof RedisStore) await store.open();
}

/** Commits what is pending and disconnects, if the store is shared (Redis). */
export async function closeStore(store: Store): Promise<void> {
  if (store instanceof RedisStore) await store.close();
}

/** The timed tasks of a shared store and the lease that picks the process running them. */
export interface SharedTimedWork {
  tasks: StoredTasks;
  lease: LeaderLease;
}

/** The brokerage's clock as the store's units see it (`unitClock`); on a shared store (Redis)
 * also its timed work kept as tasks in the store, and a leader lease (ticking on `clock`) whose
 * holder runs them as time passes. A store of one process keeps its timed work as closures on
 * its clock. */
export function storeClock(
  clock: Clock,
  store: Store,
  onError: (error: unknown) => void,
): { clock: Clock; timedWork?: SharedTimedWork } {
  if (!(store instanceof RedisStore)) return { clock: unitClock(clock, store, onError) };
  const lease = new LeaderLease(store.connection(), clock, {
    onLead: () => {
      tasks.lead().catch(onError);
    },
    onError,
  });
  const unitsClock = unitClock(clock, store, onError, () => tasks.runDue());
  const tasks = new StoredTasks(store, unitsClock, () => lease.held);
  return { clock: unitsClock, timedWork: { tasks, lease } };
}

/** On a shared store (Redis), the change events a unit publishes ride in its commit, and the
 * other processes publish them on their own bus once they applied its writes: a socket hears of
 * every process's prices, orders, executions, sessions and bulletins. Notices are not shared:
 * their subscribers write state, and they ran in the process that committed. */
export function shareChangeEvents(store: Store, events: DomainEvents): void {
  if (store.afterCommit) events.deliverCommittedWith((deliver) => store.afterCommit?.(deliver));
  if (!(store instanceof RedisStore)) return;
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
}

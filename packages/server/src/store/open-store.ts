import type { Clock } from '../domain/kernel/clock.js';
import type { Store } from '../domain/kernel/store.js';
import { MemoryStore } from './memory.js';
import { sharedRuntime } from './redis/redis-runtime.js';
import { RedisStore } from './redis/redis-store.js';
import type { StoreState } from './redis/store-health.js';
import { oneProcessRuntime, type StoreRuntime } from './store-runtime.js';

/** Where the state lives, as a user names it: `memory` (the default), or
 * `redis://host:port/db[?prefix=name]` (`rediss://` for TLS); or a `Store` of one process (a
 * memory store, or one's own implementation). */
export type StoreSpec = Store | string;

export function isRedisUrl(spec: string): boolean {
  return /^rediss?:\/\//.test(spec);
}

export type { StoreRuntime, StoreState };

/** What a shared store tells its process: failures, moves of its state, the loss of its state. */
export interface StoreListeners {
  onError: (error: unknown) => void;
  onStateChange: (state: StoreState, message: string) => void;
  /** When given, a lost state is not seeded again: this is called instead (`RedisStoreOptions`). */
  onLost?: () => void;
}

/** The store a spec names, with its runtime on `clock`; throws on a spec that names none. */
export function openStore(
  spec: StoreSpec | undefined,
  clock: Clock,
  listeners: StoreListeners,
): StoreRuntime {
  const { onError } = listeners;
  if (spec === undefined || spec === 'memory')
    return oneProcessRuntime(new MemoryStore(), clock, onError);
  if (typeof spec !== 'string') return oneProcessRuntime(spec, clock, onError);
  if (isRedisUrl(spec))
    return sharedRuntime(new RedisStore({ url: spec, ...listeners }), clock, onError);
  throw new Error(`unknown store ${JSON.stringify(spec)}: expected memory or redis://host:port/db`);
}

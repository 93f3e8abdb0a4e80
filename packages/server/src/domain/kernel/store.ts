/** How a record is kept: until deleted, or until `expiresAt` (epoch ms of the brokerage's clock). */
export interface KeepOptions {
  /** The record is dropped by `Store.expire(now)` once `now` reaches this time. */
  expiresAt?: number;
}

/** The records of one collection sharing a key, kept current on every `set` and `delete`. */
export interface Index<T> {
  get(key: string): T[];
  /** Whether a record of the group passes `test`, reading no further than the first that does. */
  some(key: string, test: (value: T) => boolean): boolean;
}

/** One kind of record, keyed by id. */
export interface Collection<T> {
  get(id: string): T | undefined;
  values(): T[];
  /** Stores the record; it replaces the one with the same id, and its expiry with it. */
  set(id: string, value: T, options?: KeepOptions): void;
  delete(id: string): boolean;
  clear(): void;
  /**
   * The records grouped by `keyOf` (no group when it answers undefined). Declare an index once, when
   * the area's service is built, before requests: every write then keeps it, so a lookup costs what
   * it returns, not the size of the collection. The key must be recomputed by a `set`: a record
   * changed in place keeps the key it had when it was last set.
   */
  index(name: string, keyOf: (value: T) => string | undefined): Index<T>;
}

/** Every kind of record the brokerage keeps, by collection name. Each area declares its own
 * collections beside its records (`<area>/collections.ts`, by declaration merging), so that the
 * store knows no area and no area imports another's records through it. `domain/services.ts` imports
 * every `collections.ts`, so any program that builds the services sees them all. */
export interface Collections {
  /** Last number given out, by sequence name (order ids, alert ids, ...). */
  sequences: number;
  /** The clock's position when processes share it (Redis): `offset`, how far (ms) the control
   * API moved the clock ahead. A reset keeps it, as the clock of one process keeps its own. */
  clock: number;
}

/** The collections `Store.clear` keeps: the clock's position, and the keys that sign the
 * server's tokens (the auth area's `signingKeys`), so that a token outlives a reset as it
 * outlives a restart. */
export const keptByClear: ReadonlySet<string> = new Set(['clock', 'signingKeys']);

/**
 * What one area sees of the store: its own collections (`Name`, those its `collections.ts`
 * declares, and the kernel's sequences), never another area's. Each area's context names its view
 * (`<Area>Store`, beside its collections), so a reach into another area's records does not
 * compile; `scripts/check-record-owners.mjs` fails on one in any file of the server.
 */
export interface StoreView<Name extends keyof Collections> {
  collection<N extends Name>(name: N): Collection<Collections[N]>;
  unit?<T>(work: () => T | Promise<T>): Promise<T>;
  onReplicaChange?(listener: ReplicaListener): void;
}

/** Where the brokerage's state lives. In memory by default; any keyed store can implement it. */
export interface Store {
  collection<Name extends keyof Collections>(name: Name): Collection<Collections[Name]>;
  /** Empties every collection but those `keptByClear` names (the clock's position, the signing keys). */
  clear(): void;
  /** Drops every record whose `expiresAt` is at or before `now`; costs what it drops. */
  expire(now: number): void;
  /**
   * Runs `work` as one unit of work, when the store is shared by several processes (Redis): its
   * writes are committed together or not at all, after the writes of every unit committed before
   * it; on a conflict with another process's commit the unit is run again. A store kept in one
   * process (memory) has none: its callers run `work` directly.
   */
  unit?<T>(work: () => T | Promise<T>): Promise<T>;
  /**
   * Runs `callback` once the unit of work running now commits, and never if it loses (its writes
   * taken back, the unit run again); at once outside a unit. A store without units (memory) has
   * none: every write is committed as it is made.
   */
  afterCommit?(callback: () => void): void;
  /**
   * Calls `listener` after records changed that this process did not write just now: another
   * process's commit applied, the whole state loaded again, a unit's writes taken back. A cache
   * this process derives from the store (the orders' price book) follows it. Only a shared store
   * (Redis) has it: in memory every write is this process's own.
   */
  onReplicaChange?(listener: ReplicaListener): void;
}

/** Told the record that changed (`id`), or every record of `collection` (`id` undefined), or
 * every record (both undefined). */
export type ReplicaListener = (
  collection: keyof Collections | undefined,
  id: string | undefined,
) => void;

/** Runs `work` as one unit of work of the store if it has units (Redis); otherwise (memory) just
 * runs it, at no cost. */
export function inUnit<T>(store: Pick<Store, 'unit'>, work: () => Promise<T>): Promise<T>;
export function inUnit<T>(store: Pick<Store, 'unit'>, work: () => T): T | Promise<T>;
export function inUnit<T>(store: Pick<Store, 'unit'>, work: () => T | Promise<T>): T | Promise<T> {
  return store.unit ? store.unit(work) : work();
}

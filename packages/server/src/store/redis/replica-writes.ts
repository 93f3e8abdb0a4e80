// The writes of the Redis store's units, as its commit script and its change log carry them, and
// the collection that records them while it writes to the replica.
import type { Collection, Collections, Index, KeepOptions } from '../../domain/kernel/store.js';
import type { MapCollection, MemoryStore } from '../memory.js';

export type Name = keyof Collections;

/** One write as the commit script reads it: set (collection, id, JSON, expiry or false), delete
 * (collection, id), clear one collection, clear every collection. */
export type Write =
  ['s', Name, string, string, string | false] | ['d', Name, string] | ['x', Name] | ['c'];

/** The writes of one unit of work, and how to take each back from the replica; the events it
 * shares with the other processes (they ride in its log entry). */
export class Unit {
  active = true;
  readonly writes: Write[] = [];
  readonly undo: (() => void)[] = [];
  readonly events: unknown[] = [];
  /** What runs once the unit committed (`Store.afterCommit`), in order. */
  readonly committed: (() => void)[] = [];
  /** A write the replica cannot take back one by one (a clear): a rollback reloads it. */
  reloadOnRollback = false;
}

/** A log entry as XRANGE and XREAD answer it: its id (`<seq>-0`) and its fields, name then
 * value (`w`: the writes, `e`: the events). */
export type LogEntry = [string, string[]];

export const seqOf = (id: string): number => Number(id.split('-')[0]);

export function fieldsOf(fields: string[]): Record<string, string | undefined> {
  const entry: Record<string, string | undefined> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) entry[fields[i] as string] = fields[i + 1];
  return entry;
}

export function keep(expiresAt: number | undefined): KeepOptions | undefined {
  return expiresAt === undefined ? undefined : { expiresAt };
}

/** Puts the record back as it is now (or removes it, if there is none). */
export function restorer<T>(collection: MapCollection<T>, id: string): () => void {
  const value = collection.get(id);
  const options = keep(collection.expiresAtOf(id));
  return value === undefined
    ? () => void collection.delete(id)
    : () => collection.set(id, value, options);
}

/** A collection of the Redis store: reads from the replica, writes to it and to the unit. */
export class RedisCollection<T> implements Collection<T> {
  constructor(
    private readonly name: Name,
    private readonly replica: MapCollection<T>,
    private readonly store: WriteRecorder,
  ) {}

  get(id: string): T | undefined {
    return this.replica.get(id);
  }
  values(): T[] {
    return this.replica.values();
  }
  set(id: string, value: T, options?: KeepOptions): void {
    const undo = restorer(this.replica, id);
    const at = options?.expiresAt;
    this.replica.set(id, this.store.freeze(value), options);
    const json = JSON.stringify(value);
    this.store.record(['s', this.name, id, json, at === undefined ? false : String(at)], undo);
  }
  delete(id: string): boolean {
    if (this.replica.get(id) === undefined) return false;
    const undo = restorer(this.replica, id);
    this.replica.delete(id);
    this.store.record(['d', this.name, id], undo);
    return true;
  }
  clear(): void {
    this.store.record(['x', this.name], () => undefined, true);
    this.replica.clear();
  }
  index(name: string, keyOf: (value: T) => string | undefined): Index<T> {
    return this.replica.index(name, keyOf);
  }
}

/** Where a collection's writes go: the running unit (`RedisStore.record`), frozen as the store
 * freezes records. */
export interface WriteRecorder {
  record(write: Write, undo: () => void, reloadOnRollback?: boolean): void;
  freeze<T>(value: T): T;
}

/** Applies a commit of another process to the replica (`parse` reads a record's JSON). */
export function applyWrites(
  replica: MemoryStore,
  writes: readonly Write[],
  parse: (json: string) => never,
): void {
  for (const write of writes) {
    switch (write[0]) {
      case 's':
        replica
          .collection(write[1])
          .set(write[2], parse(write[3]), keep(write[4] === false ? undefined : Number(write[4])));
        break;
      case 'd':
        replica.collection(write[1]).delete(write[2]);
        break;
      case 'x':
        replica.collection(write[1]).clear();
        break;
      case 'c':
        replica.clear();
        break;
    }
  }
}

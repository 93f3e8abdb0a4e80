// A memory store whose records behave as they do on the Redis store, for the tests of one
// process: a record set is frozen deeply (changed in place instead of set again, it throws, as on
// Redis outside production), and what the collection keeps is its JSON round trip, what another
// process reads back from Redis (a Date becomes text, an `undefined` member vanishes, a Map
// becomes `{}`). One HTTP pass on it finds what a pass on Redis finds of the records, without a
// Redis; what Redis adds beyond that (units, commits, several processes) has tests of its own.
import type { KeepOptions } from '../domain/kernel/store.js';
import { freeze } from '../domain/kernel/freeze.js';
import { MapCollection, MemoryStore } from './memory.js';

class JsonCollection<T> extends MapCollection<T> {
  override set(id: string, value: T, options?: KeepOptions): void {
    freeze(value, true);
    super.set(id, freeze(JSON.parse(JSON.stringify(value)) as T, true), options);
  }
}

/** `MemoryStore` with records kept as values and as JSON, as the Redis store keeps them. */
export class StrictMemoryStore extends MemoryStore {
  protected override createCollection(): MapCollection<unknown> {
    return new JsonCollection<unknown>();
  }
}

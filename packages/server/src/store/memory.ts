import type { Collection, Collections, Store } from '../domain/kernel/store.js';
// The store collections each area declares (declaration merging into kernel/store.ts's
// Collections), brought into every program that creates a memory store.
import '../domain/accounts/collections.js';
import '../domain/alerts/collections.js';
import '../domain/auth/collections.js';
import '../domain/market/collections.js';
import '../domain/orders/collections.js';

class MapCollection<T> implements Collection<T> {
  readonly #items = new Map<string, T>();

  get(id: string): T | undefined {
    return this.#items.get(id);
  }
  values(): T[] {
    return [...this.#items.values()];
  }
  set(id: string, value: T): void {
    this.#items.set(id, value);
  }
  delete(id: string): boolean {
    return this.#items.delete(id);
  }
  clear(): void {
    this.#items.clear();
  }
}

/** The default store: plain maps in this process. */
export class MemoryStore implements Store {
  readonly #collections = new Map<keyof Collections, MapCollection<unknown>>();

  collection<Name extends keyof Collections>(name: Name): Collection<Collections[Name]> {
    let collection = this.#collections.get(name);
    if (!collection) {
      collection = new MapCollection<unknown>();
      this.#collections.set(name, collection);
    }
    return collection as Collection<Collections[Name]>;
  }

  clear(): void {
    for (const collection of this.#collections.values()) collection.clear();
  }
}

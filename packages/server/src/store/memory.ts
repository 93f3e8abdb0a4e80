import { Heap } from 'heap-js';
import {
  keptByClear,
  type Collection,
  type Collections,
  type Index,
  type KeepOptions,
  type Store,
} from '../domain/kernel/store.js';
// The store collections each area declares (declaration merging into kernel/store.ts's
// Collections), brought into every program that creates a memory store.
import '../domain/accounts/collections.js';
import '../domain/alerts/collections.js';
import '../domain/auth/collections.js';
import '../domain/market/collections.js';
import '../domain/market-data/collections.js';
import '../domain/orders/collections.js';

class MapIndex<T> implements Index<T> {
  readonly #groups = new Map<string, Map<string, T>>();
  readonly #keyOfId = new Map<string, string>();

  constructor(readonly keyOf: (value: T) => string | undefined) {}

  get(key: string): T[] {
    const group = this.#groups.get(key);
    return group ? [...group.values()] : [];
  }
  some(key: string, test: (value: T) => boolean): boolean {
    for (const value of this.#groups.get(key)?.values() ?? []) if (test(value)) return true;
    return false;
  }
  /** A record set again under the same key keeps its place in its group (creation order). */
  set(id: string, value: T): void {
    const key = this.keyOf(value);
    const same = key !== undefined && this.#keyOfId.get(id) === key;
    if (same) {
      this.#groups.get(key)?.set(id, value);
      return;
    }
    this.delete(id);
    if (key === undefined) return;
    let group = this.#groups.get(key);
    if (!group) this.#groups.set(key, (group = new Map()));
    group.set(id, value);
    this.#keyOfId.set(id, key);
  }
  delete(id: string): void {
    const key = this.#keyOfId.get(id);
    if (key === undefined) return;
    this.#keyOfId.delete(id);
    const group = this.#groups.get(key);
    group?.delete(id);
    if (group?.size === 0) this.#groups.delete(key);
  }
  clear(): void {
    this.#groups.clear();
    this.#keyOfId.clear();
  }
}

interface Due {
  at: number;
  id: string;
}

/** A collection in this process's memory (also the replica each process of a Redis store keeps). */
export class MapCollection<T> implements Collection<T> {
  readonly #items = new Map<string, T>();
  readonly #indexes = new Map<string, MapIndex<T>>();
  readonly #expiresAt = new Map<string, number>();
  /** Expiries in time order. A record's expiry moved later keeps its earlier entry, which is
   * re-queued when it comes due; so a record refreshed on every request costs one entry. */
  readonly #due = new Heap<Due>((a, b) => a.at - b.at);
  /** The earliest time each record is queued at. */
  readonly #queuedAt = new Map<string, number>();

  get(id: string): T | undefined {
    return this.#items.get(id);
  }
  /** When the record is dropped (undefined: kept until deleted, or no such record). */
  expiresAtOf(id: string): number | undefined {
    return this.#expiresAt.get(id);
  }
  values(): T[] {
    return [...this.#items.values()];
  }
  set(id: string, value: T, options?: KeepOptions): void {
    this.#items.set(id, value);
    for (const index of this.#indexes.values()) index.set(id, value);
    const at = options?.expiresAt;
    if (at === undefined) {
      this.#expiresAt.delete(id);
      return;
    }
    this.#expiresAt.set(id, at);
    const queued = this.#queuedAt.get(id);
    if (queued === undefined || at < queued) this.#queue(id, at);
  }
  delete(id: string): boolean {
    for (const index of this.#indexes.values()) index.delete(id);
    this.#expiresAt.delete(id);
    return this.#items.delete(id);
  }
  clear(): void {
    this.#items.clear();
    for (const index of this.#indexes.values()) index.clear();
    this.#expiresAt.clear();
    this.#due.clear();
    this.#queuedAt.clear();
  }
  index(name: string, keyOf: (value: T) => string | undefined): Index<T> {
    const existing = this.#indexes.get(name);
    if (existing) return existing;
    const index = new MapIndex(keyOf);
    for (const [id, value] of this.#items) index.set(id, value);
    this.#indexes.set(name, index);
    return index;
  }
  /** Drops the records due at `now`, telling `dropped` each one's id before it goes. */
  expire(now: number, dropped?: (id: string) => void): void {
    for (let due = this.#due.peek(); due && due.at <= now; due = this.#due.peek()) {
      this.#due.pop();
      if (this.#queuedAt.get(due.id) === due.at) this.#queuedAt.delete(due.id);
      const at = this.#expiresAt.get(due.id);
      if (at === undefined) continue;
      if (at <= now) {
        dropped?.(due.id);
        this.delete(due.id);
      } else if (!this.#queuedAt.has(due.id)) this.#queue(due.id, at);
    }
  }

  #queue(id: string, at: number): void {
    this.#due.push({ at, id });
    this.#queuedAt.set(id, at);
  }
}

/** The default store: plain maps in this process. */
export class MemoryStore implements Store {
  readonly #collections = new Map<keyof Collections, MapCollection<unknown>>();

  collection<Name extends keyof Collections>(name: Name): MapCollection<Collections[Name]> {
    let collection = this.#collections.get(name);
    if (!collection) {
      collection = this.createCollection();
      this.#collections.set(name, collection);
    }
    return collection as MapCollection<Collections[Name]>;
  }

  /** A new, empty collection (a subclass may keep its records otherwise: strict-memory.ts). */
  protected createCollection(): MapCollection<unknown> {
    return new MapCollection<unknown>();
  }

  clear(): void {
    for (const [name, collection] of this.#collections) {
      if (!keptByClear.has(name)) collection.clear();
    }
  }

  /** Drops the records due at `now`, telling `dropped` each one's collection and id before it goes. */
  expire(now: number, dropped?: (name: keyof Collections, id: string) => void): void {
    for (const [name, collection] of this.#collections) {
      collection.expire(now, dropped && ((id) => dropped(name, id)));
    }
  }
}

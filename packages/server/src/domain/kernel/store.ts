/** One kind of record, keyed by id. */
export interface Collection<T> {
  get(id: string): T | undefined;
  values(): T[];
  set(id: string, value: T): void;
  delete(id: string): boolean;
  clear(): void;
}

/** Every kind of record the brokerage keeps, by collection name. Each area declares its own
 * collections beside its records (`<area>/collections.ts`, by declaration merging), so that the
 * store knows no area and no area imports another's records through it. `services.ts` imports
 * every `collections.ts`, so any program that builds the services sees them all. */
export interface Collections {
  /** Last number given out, by sequence name (order ids, alert ids, ...). */
  sequences: number;
}

/** Where the brokerage's state lives. In memory by default; any keyed store can implement it. */
export interface Store {
  collection<Name extends keyof Collections>(name: Name): Collection<Collections[Name]>;
  /** Empties every collection. */
  clear(): void;
}

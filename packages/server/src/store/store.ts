import type { Account, Instrument, User } from '../domain/model.js';
import type { Session } from '../domain/sessions.js';
import type { AllocationGroup } from '../domain/allocation.js';
import type { Watchlist } from '../domain/watchlists.js';

/** One kind of record, keyed by id. */
export interface Collection<T> {
  get(id: string): T | undefined;
  values(): T[];
  set(id: string, value: T): void;
  delete(id: string): boolean;
  clear(): void;
}

/** Every kind of record the brokerage keeps, by collection name. */
export interface Collections {
  users: User;
  accounts: Account;
  sessions: Session;
  instruments: Instrument;
  /** Last price per conid (string key); absent when the instrument has no market data. */
  prices: number;
  watchlists: Watchlist;
  allocationGroups: AllocationGroup;
}

/** Where the brokerage's state lives. In memory by default; any keyed store can implement it. */
export interface Store {
  collection<Name extends keyof Collections>(name: Name): Collection<Collections[Name]>;
  /** Empties every collection. */
  clear(): void;
}

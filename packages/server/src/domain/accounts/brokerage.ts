import { allocationGroupsByUser } from './allocation-groups.js';
import type { Clock } from '../kernel/clock.js';
import { DomainEvents } from '../kernel/events.js';
import { badRequest, rejected } from '../kernel/errors.js';
import { instrumentsOf, Market } from '../market/market.js';
import { optionInstrumentsOf, optionPrice } from '../market/option-chains.js';
import type { Account, Fixtures, User } from './model.js';
import { SeededRandom } from '../kernel/random.js';
import { sharedLastAccessPrecisionMs, Sessions, type Session } from './sessions.js';
import { sweepExpiredRecords } from '../kernel/retention.js';
import type { Store } from '../kernel/store.js';
import type { TimedTasks } from '../kernel/timed-tasks.js';

export interface BrokerageOptions {
  clock: Clock;
  store: Store;
  fixtures: Fixtures;
  seed: number;
  idleTimeoutMs: number;
  /** Timed work kept as data, when several processes share the store (undefined: closures). */
  timedTasks?: TimedTasks | undefined;
}

/** The simulated brokerage: its state, clock and randomness, and the rules shared by every area. */
export class Brokerage {
  readonly clock: Clock;
  readonly store: Store;
  /** Timed work that outlives this process (a shared store's tasks); undefined in memory, where
   * an area's timers are its own closures on the clock. */
  readonly timedTasks: TimedTasks | undefined;
  readonly sessions: Sessions;
  readonly market: Market;
  /** The one bus every area publishes its events to. */
  readonly events = new DomainEvents();
  random: SeededRandom;
  /** Called after each `load`: what an area derives from the store is built again from it. */
  readonly #loadListeners = new Set<() => void>();
  #fixtures: Fixtures;
  #seed: number;

  constructor(options: BrokerageOptions) {
    this.clock = options.clock;
    this.store = options.store;
    this.timedTasks = options.timedTasks;
    this.#seed = options.seed;
    this.#fixtures = options.fixtures;
    this.random = new SeededRandom(options.seed);
    this.sessions = new Sessions(this.store, this.clock, this.events, {
      idleTimeoutMs: options.idleTimeoutMs,
      // The memory store records every request exactly: a write there costs a map update.
      lastAccessPrecisionMs: this.store.unit ? sharedLastAccessPrecisionMs : 0,
    });
    this.market = new Market(
      this.store,
      this.clock,
      () => this.#fixtures.instruments,
      options.seed,
      this.events,
    );
    // Registered before any other area's listener: an option's price has moved with its
    // underlying's by the time orders and alerts look at either.
    this.market.onPriceChange((conid) => this.#repriceOptionsOf(conid));
    this.load(options.fixtures);
    allocationGroupsByUser(this.store);
    sweepExpiredRecords(this.store, this.clock);
  }

  /** Empties the state and loads `fixtures` (the current ones by default); the seed (the same
   * by default) starts over, and the seeded price histories are built from it. */
  load(fixtures: Fixtures = this.#fixtures, seed: number = this.#seed): void {
    this.#fixtures = structuredClone(fixtures);
    this.#seed = seed;
    this.random = new SeededRandom(seed);
    this.market.path.reseed(seed);
    this.store.clear();
    for (const user of this.#fixtures.users)
      this.store.collection('users').set(user.username, user);
    for (const account of this.#fixtures.accounts) {
      this.store.collection('accounts').set(account.id, structuredClone(account));
    }
    for (const { instrument, price } of instrumentsOf(this.#fixtures.instruments)) {
      this.store.collection('instruments').set(String(instrument.conid), instrument);
      if (price !== null) this.market.setPrice(instrument.conid, price);
    }
    this.#listOptions();
    for (const listener of this.#loadListeners) listener();
  }

  /** Puts a new account and its holder in the state as `load` puts the fixtures' (the holder
   * added, or given the account when they exist): every trading-side list then shows it as a
   * seeded one. */
  openAccount(account: Account, holder: User): void {
    if (this.account(account.id)) throw badRequest(`Account ${account.id} already exists`);
    const users = this.store.collection('users');
    const existing = users.get(holder.username);
    users.set(
      holder.username,
      existing ? { ...existing, accounts: [...existing.accounts, account.id] } : holder,
    );
    this.store.collection('accounts').set(account.id, structuredClone(account));
  }

  /** Calls `listener` after every later `load` (a reset of the state). */
  onLoad(listener: () => void): void {
    this.#loadListeners.add(listener);
  }

  /** Lists the catalogue's option chains as of the clock's date, priced from their underlyings. */
  #listOptions(): void {
    const { market, store } = this;
    const options = optionInstrumentsOf(
      this.#fixtures.instruments,
      (conid) => market.instrument(conid),
      (conid) => market.price(conid),
      this.clock.now(),
    );
    // Each underlying's list is written once: a store record is copied on every write.
    const byUnderlying = new Map<number, number[]>();
    for (const option of options) {
      const underlyingConid = option.option?.underlyingConid ?? 0;
      store.collection('instruments').set(String(option.conid), option);
      const conids = byUnderlying.get(underlyingConid) ?? [];
      conids.push(option.conid);
      byUnderlying.set(underlyingConid, conids);
    }
    const index = store.collection('optionsByUnderlying');
    for (const [underlyingConid, conids] of byUnderlying) {
      index.set(String(underlyingConid), [
        ...(index.get(String(underlyingConid)) ?? []),
        ...conids,
      ]);
    }
    for (const conid of byUnderlying.keys()) this.#repriceOptionsOf(conid);
  }

  #repriceOptionsOf(underlyingConid: number): void {
    const spot = this.market.price(underlyingConid);
    const conids = this.store.collection('optionsByUnderlying').get(String(underlyingConid));
    if (spot === undefined || !conids) return;
    const now = this.clock.now();
    for (const conid of conids) {
      const option = this.market.instrument(conid);
      if (!option || this.market.isExpired(option)) continue;
      const price = optionPrice(option, spot, now);
      // A price the option already has is no trade: most of an underlying's trades move few of
      // its options by a tick, and a trade per option per trade made a replayed day slow. The
      // option's price still equals its model price at the underlying's last trade.
      if (price !== this.market.price(conid)) this.market.setPrice(conid, price);
    }
  }

  user(username: string): User | undefined {
    return this.store.collection('users').get(username);
  }

  account(accountId: string): Account | undefined {
    return this.store.collection('accounts').get(accountId);
  }

  userOf(session: Session): User {
    const user = this.user(session.username);
    if (!user) throw rejected(`User ${session.username} no longer exists`);
    return user;
  }

  /** Ids of the accounts the session's user may see: their own, plus dynamic accounts (DYNACCT). */
  accessibleAccountIds(session: Session): string[] {
    const user = this.userOf(session);
    return [...user.accounts, ...(user.dynamicAccounts ?? [])];
  }

  /** The account, if the session's user may see it; otherwise the error `fail` builds. */
  accountFor(
    session: Session,
    accountId: string,
    fail: (message: string) => Error = badRequest,
  ): Account {
    const account = this.account(accountId);
    if (!account || !this.accessibleAccountIds(session).includes(accountId)) {
      throw fail(`Account ${accountId} is not accessible to this session`);
    }
    return account;
  }
}

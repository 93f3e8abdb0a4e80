import { allocationGroupsByUser } from './allocation-groups.js';
import type { Clock } from '../kernel/clock.js';
import type { DomainEvents } from '../kernel/events.js';
import type { Kernel, KernelContext, KernelOptions } from '../kernel/kernel.js';
import { badRequest, rejected } from '../kernel/errors.js';
import { listCatalogue, repriceOptionsOf } from '../market/listing.js';
import { Market } from '../market/market.js';
import type { Account, Fixtures, User } from './model.js';
import type { SeededRandom } from '../kernel/random.js';
import { sharedLastAccessPrecisionMs, Sessions, type Session } from './sessions.js';
import { sweepExpiredRecords } from '../kernel/retention.js';
import type { Index, Store } from '../kernel/store.js';
import type { TimedTasks } from '../kernel/timed-tasks.js';

export interface BrokerageOptions extends KernelOptions {
  fixtures: Fixtures;
  idleTimeoutMs: number;
}

/** What the accounts area offers the other areas: users and accounts (and the one writer of
 * accounts), sessions, the market they trade, the loads of the state. */
export type AccountsArea = Omit<Brokerage, 'kernel' | 'store' | keyof KernelContext>;

/** What an area is given: the kernel's members it uses (`KernelKeys`), what it asks of the
 * accounts area (`AccountsKeys`, under `accounts`), and the store seen through the area's own view
 * (`View`, beside its collections; none when left out), so that it reaches no other area's
 * records. */
export type AreaContext<
  KernelKeys extends keyof KernelContext,
  AccountsKeys extends keyof AccountsArea,
  View = never,
> = Pick<KernelContext, KernelKeys> & {
  readonly accounts: Pick<AccountsArea, AccountsKeys>;
} & ([View] extends [never] ? unknown : { readonly store: View });

/** The context every area's is cut from (by its type): the kernel's members, the whole store and
 * the accounts area. */
export type DomainContext = AreaContext<keyof KernelContext, keyof AccountsArea, Store>;

/** The domain context of the accounts area `brokerage`, built on its kernel. */
export function areaContext(brokerage: Brokerage): DomainContext {
  const { kernel } = brokerage;
  return {
    clock: kernel.clock,
    events: kernel.events,
    timedTasks: kernel.timedTasks,
    // A getter: a load of the state starts the kernel's random over.
    get random() {
      return kernel.random;
    },
    store: kernel.store,
    accounts: brokerage,
  };
}

/**
 * The accounts area, built on the kernel: users and accounts (the one writer of accounts), their
 * sessions, the market they trade, and the load of the fixtures. The kernel's members (clock,
 * store, events, random, timed tasks) are named here too for the layers above the domain
 * (handlers, controls, sockets); the other areas take them from the kernel (`areaContext`).
 */
export class Brokerage {
  readonly kernel: Kernel;
  readonly clock: Clock;
  readonly store: Store;
  readonly timedTasks: TimedTasks;
  readonly events: DomainEvents;
  readonly sessions: Sessions;
  readonly market: Market;
  /** Called after each `load`: what an area derives from the store is built again from it. */
  readonly #loadListeners = new Set<() => void>();
  /** The users by their name without case. */
  readonly #usersByName: Index<User>;
  #fixtures: Fixtures;
  #seed: number;

  constructor(
    kernel: Kernel,
    options: Pick<BrokerageOptions, 'fixtures' | 'seed' | 'idleTimeoutMs'>,
  ) {
    this.kernel = kernel;
    this.clock = kernel.clock;
    this.store = kernel.store;
    this.events = kernel.events;
    this.timedTasks = kernel.timedTasks;
    this.#usersByName = this.store
      .collection('users')
      .index('byName', (user) => user.username.toLowerCase());
    this.#seed = options.seed;
    this.#fixtures = options.fixtures;
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
    this.market.onPriceChange((conid) =>
      repriceOptionsOf(this.store, this.market, conid, this.clock.now()),
    );
    this.load(options.fixtures);
    allocationGroupsByUser(this.store);
    sweepExpiredRecords(this.store, this.clock);
  }

  /** Empties the state and loads `fixtures` (the current ones by default); the seed (the same
   * by default) starts over, and the seeded price histories are built from it. */
  load(fixtures: Fixtures = this.#fixtures, seed: number = this.#seed): void {
    this.#fixtures = structuredClone(fixtures);
    this.#seed = seed;
    this.kernel.reseed(seed);
    this.market.path.reseed(seed);
    this.store.clear();
    for (const user of this.#fixtures.users)
      this.store.collection('users').set(user.username, user);
    for (const account of this.#fixtures.accounts) this.keepAccount(structuredClone(account));
    listCatalogue(this.store, this.market, this.#fixtures.instruments, this.clock.now());
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
    this.keepAccount(structuredClone(account));
  }

  /** Calls `listener` after every later `load` (a reset of the state). */
  onLoad(listener: () => void): void {
    this.#loadListeners.add(listener);
  }

  /** The kernel's seeded random. */
  get random(): SeededRandom {
    return this.kernel.random;
  }

  user(username: string): User | undefined {
    return this.store.collection('users').get(username);
  }

  /** Every user, in the order they were added. */
  users(): User[] {
    return this.store.collection('users').values();
  }

  /** Whether a user holds the name, compared without case (`DemoUser` holds `demouser`). */
  holdsUsername(name: string): boolean {
    return this.#usersByName.some(name.toLowerCase(), () => true);
  }

  account(accountId: string): Account | undefined {
    return this.store.collection('accounts').get(accountId);
  }

  /** Every account, in the order they were added. */
  accounts(): Account[] {
    return this.store.collection('accounts').values();
  }

  /**
   * The one writer of accounts: keeps the account as given (its cash, positions, alias, ...) and
   * announces the change on the bus (`accountChanged`), so the streams (ledger, account summary)
   * hear every change of cash, whichever area made it.
   */
  keepAccount(account: Account): void {
    this.store.collection('accounts').set(account.id, account);
    this.events.publish({ type: 'accountChanged', time: this.clock.now(), accountId: account.id });
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

import type { Clock } from '../kernel/clock.js';
import { DomainEvents } from '../kernel/events.js';
import { badRequest, rejected } from '../kernel/errors.js';
import { instrumentsOf, Market } from '../market/market.js';
import type { Account, Fixtures, User } from './model.js';
import { SeededRandom } from '../kernel/random.js';
import { Sessions, type Session } from '../auth/sessions.js';
import type { Store } from '../kernel/store.js';

export interface BrokerageOptions {
  clock: Clock;
  store: Store;
  fixtures: Fixtures;
  seed: number;
  idleTimeoutMs: number;
}

/** The simulated brokerage: its state, clock and randomness, and the rules shared by every area. */
export class Brokerage {
  readonly clock: Clock;
  readonly store: Store;
  readonly sessions: Sessions;
  readonly market: Market;
  /** The one bus every area publishes its events to. */
  readonly events = new DomainEvents();
  random: SeededRandom;
  #fixtures: Fixtures;
  readonly #seed: number;

  constructor(options: BrokerageOptions) {
    this.clock = options.clock;
    this.store = options.store;
    this.#seed = options.seed;
    this.#fixtures = options.fixtures;
    this.random = new SeededRandom(options.seed);
    this.sessions = new Sessions(this.store, this.clock, this.events, {
      idleTimeoutMs: options.idleTimeoutMs,
    });
    this.market = new Market(
      this.store,
      this.clock,
      () => this.#fixtures.instruments,
      options.seed,
    );
    this.load(options.fixtures);
  }

  /** Empties the state and loads `fixtures` (the current ones by default); the seed starts over. */
  load(fixtures: Fixtures = this.#fixtures): void {
    this.#fixtures = structuredClone(fixtures);
    this.random = new SeededRandom(this.#seed);
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

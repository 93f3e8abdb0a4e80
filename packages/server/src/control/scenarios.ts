// What the service does to a running program, on demand (docs/decisions/service/control-scenarios.md):
// each scenario one control call, documented in openapi/control/ with how a client recovers.
import type { ControlSchema } from '@brokerage/types/control';
import type { Brokerage } from '../domain/accounts/brokerage.js';
import { badRequest, notFound } from '../domain/kernel/errors.js';
import { boxUser, defaultPenaltyMs } from '../domain/accounts/penalty-box.js';
import { accumulateSnapshotFields } from '../domain/market-data/accumulated-fields.js';
import { setMarketDataLifetime } from '../domain/market-data/stream-lifetime.js';
import { armEmptyForcedList } from '../domain/orders/live-orders-cache.js';
import { armReplyExpiry } from '../domain/orders/reply-expiry.js';

export class ScenarioControls {
  /** Cancels the nightly reset scheduled, if any. */
  #cancelReset: () => void = () => undefined;

  constructor(
    private readonly brokerage: Pick<Brokerage, 'store' | 'sessions' | 'user' | 'clock'>,
  ) {}

  #requireUser(username: string): void {
    if (!this.brokerage.user(username)) throw notFound(`No user ${username}`);
  }

  /** Market-data subscriptions on the socket made from now on end after `lifetimeMs` (0: never). */
  marketDataLifetime(lifetimeMs: number): ControlSchema<'MarketDataLifetime'> {
    setMarketDataLifetime(this.brokerage.store, lifetimeMs);
    return { lifetimeMs };
  }

  /** The user's live sessions lose their brokerage session, to a competing login when
   * `competing`; their logins live on. */
  loseBrokerage(username: string, competing: boolean): ControlSchema<'ScenarioSessions'> {
    this.#requireUser(username);
    const { sessions } = this.brokerage;
    const live = sessions.ofUser(username);
    for (const session of live) sessions.loseBrokerage(session, competing);
    return { sessions: live.length };
  }

  /** The user's next `GET /iserver/account/orders?force=true` answers empty, once. */
  liveOrdersCache(username: string): ControlSchema<'ScenarioUser'> {
    this.#requireUser(username);
    armEmptyForcedList(this.brokerage.store, username);
    return { username };
  }

  /** The user's next reply to an order warning finds its id expired, once. */
  replyIdsExpire(username: string): ControlSchema<'ScenarioUser'> {
    this.#requireUser(username);
    armReplyExpiry(this.brokerage.store, username);
    return { username };
  }

  /** From now on, the user's snapshots answer every field asked so far for the contract. */
  snapshotFieldsAccumulate(username: string): ControlSchema<'ScenarioUser'> {
    this.#requireUser(username);
    accumulateSnapshotFields(this.brokerage.store, username);
    return { username };
  }

  /** Every request of the user's sessions answers 429 for `ms` of the clock (default: the
   * service's 10 minutes). */
  penaltyBox(username: string, ms = defaultPenaltyMs): ControlSchema<'PenaltyBox'> {
    this.#requireUser(username);
    // The control document's bounds, for callers in process too.
    if (!Number.isInteger(ms) || ms < 1 || ms > 86_400_000)
      throw badRequest('ms must be a whole number of milliseconds from 1 to 86400000');
    const until = this.brokerage.clock.now() + ms;
    boxUser(this.brokerage, username, until);
    return { username, until };
  }

  /** Every live session ends at `at` of the clock (at once when it is past); replaces the one
   * scheduled before. */
  nightlyReset(at: number): ControlSchema<'NightlyReset'> {
    this.#cancelReset();
    const { clock, sessions } = this.brokerage;
    this.#cancelReset = clock.schedule(Math.max(0, at - clock.now()), () => {
      this.#cancelReset = () => undefined;
      for (const session of sessions.live()) sessions.end(session);
    });
    return { at };
  }

  /** A reset of the state forgets the scheduled nightly reset. */
  forget(): void {
    this.#cancelReset();
    this.#cancelReset = () => undefined;
  }
}

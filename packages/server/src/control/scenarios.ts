// What the service does to a running program, on demand (docs/decisions/service/control-scenarios.md):
// each scenario one control call, documented in openapi/control/ with how a client recovers.
import type { ControlSchema } from '@brokerage/types/control';
import type { Brokerage } from '../domain/accounts/brokerage.js';
import { badRequest, notFound } from '../domain/kernel/errors.js';
import {
  boxUser,
  defaultPenaltyMs,
  defaultPenaltyRule,
  setPenaltyRule,
} from '../domain/accounts/penalty-box.js';
import { accumulateSnapshotFields } from '../domain/market-data/accumulated-fields.js';
import { setMarketDataLifetime } from '../domain/market-data/stream-lifetime.js';
import { armEmptyForcedList } from '../domain/orders/live-orders-cache.js';
import { defaultReplyLifetimeMs, expireReplyIdsAfter } from '../domain/orders/reply-expiry.js';

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

  /** From now on, the user's reply ids expire `afterMs` of the clock after they were given. */
  replyIdsExpire(
    username: string,
    afterMs = defaultReplyLifetimeMs,
  ): ControlSchema<'ReplyIdExpiry'> {
    this.#requireUser(username);
    // The control document's bounds, for callers in process too.
    if (!Number.isInteger(afterMs) || afterMs < 0 || afterMs > 86_400_000)
      throw badRequest('afterMs must be a whole number of milliseconds from 0 to 86400000');
    expireReplyIdsAfter(this.brokerage.store, username, afterMs);
    return { username, afterMs };
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

  /** From now on (until a reset), the pacer boxes a client after `violations` requests over a
   * limit within `windowMs`, for `ms`; what is left out keeps the default (30 in a minute, ours;
   * 10 minutes, the service's). */
  penaltyThreshold(
    rule: Partial<ControlSchema<'PenaltyThreshold'>>,
  ): ControlSchema<'PenaltyThreshold'> {
    const set = { ...defaultPenaltyRule, ...rule };
    // The control document's bounds, for callers in process too.
    const within = (value: number, max: number) =>
      Number.isInteger(value) && value >= 1 && value <= max;
    if (!within(set.violations, 10_000) || !within(set.windowMs, 3_600_000))
      throw badRequest('violations from 1 to 10000 and windowMs from 1 to 3600000 are needed');
    if (!within(set.ms, 86_400_000))
      throw badRequest('ms must be a whole number of milliseconds from 1 to 86400000');
    setPenaltyRule(this.brokerage, set);
    return set;
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

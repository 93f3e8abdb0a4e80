import type { AccountsStore } from './store-view.js';
import type { Clock } from '../kernel/clock.js';
import { badRequest, unauthorized } from '../kernel/errors.js';
import type { DomainEvents } from '../kernel/events.js';
import type { User } from './model.js';
import { secretHex } from '../kernel/secrets.js';
import type { Index } from '../kernel/store.js';

/** How a session was opened. */
export type SessionOrigin = 'gateway' | 'control' | 'oauth1' | 'sso' | 'agent';

export interface Session {
  /** 32 hex characters; the ping's `session` value and the `api` cookie. */
  id: string;
  username: string;
  origin: SessionOrigin;
  createdAt: number;
  lastSeenAt: number;
  /** The brokerage (`/iserver`) session is open: set by ssodh/init, or at once by the gateway. */
  brokerageOpen: boolean;
  /** Ever opened in this session. */
  established: boolean;
  selectedAccountId: string;
  /** `/portfolio/accounts` or `/portfolio/subaccounts` was called (required before the ledger). */
  portfolioListed: boolean;
  /** `/iserver/accounts` was called (required before open orders and modification). */
  accountsQueried: boolean;
  /** `/iserver/account/pnl/partitioned` was called once (the first answer is empty). */
  pnlRequested: boolean;
  /** Underlyings `/iserver/secdef/search` answered in this session: their derivatives' strikes
   * and details are known to it from then on. */
  searchedUnderlyings: number[];
  /** Another login took the brokerage session over (`competing: true` until `ssodh/init`). */
  competing?: boolean;
  /** The user was told that the single sign-on ends soon. */
  expiryAnnounced?: boolean;
  ended: boolean;
}

export interface SessionSettings {
  /** Idle time after which a session ends, in milliseconds of the server's clock. */
  idleTimeoutMs: number;
  /** How far the recorded last access may lag behind the session's last request: a request
   * within this long of the recorded one is not written (0: every request is). A session so ends
   * at most this much earlier than its exact idle timeout. */
  lastAccessPrecisionMs: number;
}

/** The last access's precision on a store shared by processes, where each write is a commit that
 * every request of every process would otherwise make, one after the other. */
export const sharedLastAccessPrecisionMs = 1000;

/** A single sign-on session lasts at most this long, pings or not (the ping's `ssoExpires`). */
export const ssoLifetimeMs = 24 * 60 * 60_000;
/** How long before the single sign-on ends its user is told (`sessionExpiring`). */
export const expiryNoticeMs = 10 * 60_000;

export class Sessions {
  readonly #byUser: Index<Session>;
  /** Cancels each open session's scheduled expiry notice. */
  readonly #expiryNotices = new Map<string, () => void>();

  constructor(
    private readonly store: AccountsStore,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    private readonly settings: SessionSettings,
  ) {
    this.#byUser = this.sessions.index('byUser', (session) => session.username);
  }

  private get sessions() {
    return this.store.collection('sessions');
  }

  open(user: User, options: { origin: SessionOrigin; brokerageOpen: boolean }): Session {
    const now = this.clock.now();
    const defaultAccount = user.accounts[0];
    if (!defaultAccount) throw badRequest(`User ${user.username} has no account`);
    const session: Session = {
      id: secretHex(16),
      username: user.username,
      origin: options.origin,
      createdAt: now,
      lastSeenAt: now,
      brokerageOpen: options.brokerageOpen,
      established: options.brokerageOpen,
      selectedAccountId: defaultAccount,
      portfolioListed: false,
      accountsQueried: false,
      pnlRequested: false,
      searchedUnderlyings: [],
      ended: false,
    };
    this.#keep(session);
    this.#scheduleExpiryNotice(session);
    return session;
  }

  /** Tells the user on the clock, `expiryNoticeMs` before the single sign-on ends, if the
   * session is still live then. */
  #scheduleExpiryNotice(session: Session): void {
    const dueInMs = this.ssoRemainingMs(session) - expiryNoticeMs;
    const cancel = this.clock.schedule(dueInMs, () => {
      this.#expiryNotices.delete(session.id);
      const live = this.find(session.id);
      if (live) this.#announceExpiry(live);
    });
    this.#expiryNotices.set(session.id, cancel);
  }

  /** Publishes `sessionExpiring` once per session, when its single sign-on ends within
   * `expiryNoticeMs`. */
  #announceExpiry(session: Session): void {
    const remainingMs = this.ssoRemainingMs(session);
    if (remainingMs > expiryNoticeMs || session.expiryAnnounced === true) return;
    this.#keep({ ...session, expiryAnnounced: true });
    this.events.publish({
      type: 'sessionExpiring',
      username: session.username,
      time: this.clock.now(),
      remainingMs,
    });
  }

  /** Every live session (the nightly reset ends them all). */
  live(): Session[] {
    return this.sessions.values().flatMap((session) => this.find(session.id) ?? []);
  }

  /** The user's live sessions. */
  ofUser(username: string): Session[] {
    return this.#byUser.get(username).flatMap((session) => this.find(session.id) ?? []);
  }

  /** The live session with this id, or undefined when unknown, ended or idle too long. */
  find(id: string): Session | undefined {
    const session = this.sessions.get(id);
    if (!session || session.ended) return undefined;
    const now = this.clock.now();
    // Past either limit the session is over (its record goes at its expiry): marked ended once,
    // so that the streams hear of it once.
    if (
      now - session.lastSeenAt >= this.settings.idleTimeoutMs ||
      this.ssoRemainingMs(session) <= 0
    ) {
      this.#announce(this.update(session, { ended: true, brokerageOpen: false }));
      return undefined;
    }
    return session;
  }

  /** Tells the bus the session's state (the streams' `sts`). */
  #announce(session: Session): void {
    this.events.publish({
      type: 'sessionChanged',
      username: session.username,
      time: this.clock.now(),
      sessionId: session.id,
      authenticated: session.brokerageOpen,
      ended: session.ended,
    });
  }

  /** The session's record as stored now (the given one once it is gone): a holder of a session
   * record reads its latest changes, without the lookup's checks. */
  current(session: Session): Session {
    return this.sessions.get(session.id) ?? session;
  }

  /** Records a request on the session (any request keeps it open), to the settings' precision. */
  touch(session: Session): void {
    if (session.ended) return;
    const now = this.clock.now();
    const recentEnough = now - session.lastSeenAt < this.settings.lastAccessPrecisionMs;
    const touched = recentEnough ? session : this.update(session, { lastSeenAt: now });
    // The scheduled notice may not have run yet on a real clock's timers.
    this.#announceExpiry(touched);
  }

  /** Stores the session (as it is now in the store) with `changes`; answers the new record, or
   * the session as given when it has ended meanwhile (it is not brought back). Records are
   * values: a session is never changed in place. Changes it already has write nothing (a read
   * that sets a flag again, e.g. `accountsQueried`, stays a read). */
  update(session: Session, changes: Partial<Omit<Session, 'id'>>): Session {
    const current = this.sessions.get(session.id);
    if (!current) return session;
    const entries = Object.entries(changes) as [keyof Session, unknown][];
    if (entries.every(([key, value]) => current[key] === value)) return current;
    const updated = { ...current, ...changes };
    this.#keep(updated);
    return updated;
  }

  /** Milliseconds until the session's single sign-on expires, however often it is pinged. */
  ssoRemainingMs(session: Session): number {
    return Math.max(0, session.createdAt + ssoLifetimeMs - this.clock.now());
  }

  openBrokerage(session: Session): Session {
    const opened = this.update(session, {
      brokerageOpen: true,
      established: true,
      competing: false,
    });
    this.#announce(opened);
    return opened;
  }

  /** The brokerage session ends while the login lives (the service's "logged in but not
   * authenticated"), taken over by another login when `competing`: brokerage operations refuse
   * until `ssodh/init` opens it again. */
  loseBrokerage(session: Session, competing: boolean): Session {
    const lost = this.update(session, { brokerageOpen: false, competing });
    this.#announce(lost);
    return lost;
  }

  end(session: Session): void {
    this.sessions.delete(session.id);
    this.#expiryNotices.get(session.id)?.();
    this.#expiryNotices.delete(session.id);
    this.#announce({ ...session, ended: true, brokerageOpen: false });
  }

  /** Stores the session until it would end by itself: idle too long, or its single sign-on over. */
  #keep(session: Session): void {
    const expiresAt = Math.min(
      session.lastSeenAt + this.settings.idleTimeoutMs,
      session.createdAt + ssoLifetimeMs,
    );
    this.sessions.set(session.id, session, { expiresAt });
  }

  /** Throws 401 unless the session is live. */
  require(id: string | undefined): Session {
    const session = id === undefined ? undefined : this.find(id);
    if (!session) throw unauthorized();
    return session;
  }
}

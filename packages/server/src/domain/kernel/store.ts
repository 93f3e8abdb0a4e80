import type { Account, Instrument, User } from '../accounts/model.js';
import type { Session } from '../auth/sessions.js';
import type { AllocationGroup } from '../accounts/allocation.js';
import type { Watchlist } from '../market/watchlists.js';
import type { LiveSessionTokenRecord, OAuthToken } from '../auth/oauth1/records.js';
import type { SeenNonce } from '../auth/oauth1/replay.js';
import type { UsedAssertion } from '../auth/oauth2.js';
import type { SsoLink } from '../auth/sso.js';
import type { Execution, Order, PendingReply } from '../orders/model.js';
import type { Alert } from '../alerts/model.js';

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
  /** OAuth 1.0a request and access tokens, by token. */
  oauthTokens: OAuthToken;
  /** The live session token of each OAuth 1.0a access token, by access token. */
  liveSessionTokens: LiveSessionTokenRecord;
  /** OAuth 1.0a nonces seen within the timestamp window, by consumer key and nonce. */
  oauthNonces: SeenNonce;
  /** OAuth 2.0 client assertions already used, by client id and jti (replay protection). */
  usedAssertions: UsedAssertion;
  /** One-time single sign-on links to the portal, by token. */
  ssoLinks: SsoLink;
  /** Transmitted orders, by order id. */
  orders: Order;
  /** Order requests held back by a warning, by reply id. */
  orderReplies: PendingReply;
  /** Suppressed order warning message ids, by session id. */
  suppressedQuestions: string[];
  /** Executions (trades), by execution id. */
  executions: Execution;
  /** Alerts (including each user's MTA alert), by order id. */
  alerts: Alert;
  /** Last number given out, by sequence name (order ids, alert ids, ...). */
  sequences: number;
}

/** Where the brokerage's state lives. In memory by default; any keyed store can implement it. */
export interface Store {
  collection<Name extends keyof Collections>(name: Name): Collection<Collections[Name]>;
  /** Empties every collection. */
  clear(): void;
}

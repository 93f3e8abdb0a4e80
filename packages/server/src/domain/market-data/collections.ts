import type { MarketDataSubscription } from './market-data.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Sessions that started the historical market-data service (`/hmds`), by session id. */
    hmdsSessions: { sessionId: string };
    /** The control API's lifetime of the socket's market-data subscriptions (key `stream`). */
    marketDataLifetime: { lifetimeMs: number };
    /** Snapshot subscriptions, keyed `<session id>|<conid>`. */
    marketDataSubscriptions: MarketDataSubscription;
    /** Users whose snapshot fields accumulate (a control scenario), by username. */
    snapshotFieldsAccumulating: { username: string };
  }
}

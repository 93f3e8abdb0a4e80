import type { MarketDataSubscription } from './market-data.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Sessions that started the historical market-data service (`/hmds`), by session id. */
    hmdsSessions: { sessionId: string };
    /** Snapshot subscriptions, keyed `<session id>|<conid>`. */
    marketDataSubscriptions: MarketDataSubscription;
  }
}

// How long a market-data subscription on the socket lasts before it ends by itself, as the
// service's do since April 2026 (docs/decisions/service/stream-market-data-lifetime.md): the server's
// option, unless the control API set another for this state (a record, so that every process
// on a shared store reads the same; a reset forgets it).
import type { MarketDataStore } from './store-view.js';

/** The service's: 15 minutes. */
export const defaultMarketDataLifetimeMs = 15 * 60_000;

const key = 'stream';

/** The lifetime in force: the control API's, else `fallbackMs` (the server's option); 0 keeps
 * subscriptions for ever. */
export function marketDataLifetimeMs(store: MarketDataStore, fallbackMs: number): number {
  return store.collection('marketDataLifetime').get(key)?.lifetimeMs ?? fallbackMs;
}

/** Sets the lifetime of the subscriptions made from now on (0: for ever). */
export function setMarketDataLifetime(store: MarketDataStore, lifetimeMs: number): void {
  store.collection('marketDataLifetime').set(key, { lifetimeMs });
}

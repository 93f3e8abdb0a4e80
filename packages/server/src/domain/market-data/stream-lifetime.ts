// How long a market-data subscription on the socket lasts before it ends by itself, as the
// service's do since April 2026 (docs/decisions/service/stream-market-data-lifetime.md): the server's
// option, unless the control API set another for this state (a record, so that every process
// on a shared store reads the same; a reset forgets it).
import type { Brokerage } from '../accounts/brokerage.js';

/** The service's: 15 minutes. */
export const defaultMarketDataLifetimeMs = 15 * 60_000;

const key = 'stream';

/** The lifetime in force: the control API's, else `fallbackMs` (the server's option); 0 keeps
 * subscriptions for ever. */
export function marketDataLifetimeMs(
  brokerage: Pick<Brokerage, 'store'>,
  fallbackMs: number,
): number {
  return brokerage.store.collection('marketDataLifetime').get(key)?.lifetimeMs ?? fallbackMs;
}

/** Sets the lifetime of the subscriptions made from now on (0: for ever). */
export function setMarketDataLifetime(
  brokerage: Pick<Brokerage, 'store'>,
  lifetimeMs: number,
): void {
  brokerage.store.collection('marketDataLifetime').set(key, { lifetimeMs });
}

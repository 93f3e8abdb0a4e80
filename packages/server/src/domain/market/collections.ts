import type { MarketDataSubscription } from './market-data.js';
import type { Instrument } from './model.js';
import type { Tick } from './price-path.js';
import type { MarketRegime } from './regimes.js';

declare module '../kernel/store.js' {
  interface Collections {
    instruments: Instrument;
    /** Last price per conid (string key); absent when the instrument has no market data. */
    prices: number;
    /** Trades recorded since the start per conid (string key), oldest first: the live part of
     * the price path. */
    priceTicks: Tick[];
    /** Snapshot subscriptions, keyed `<session id>|<conid>`. */
    marketDataSubscriptions: MarketDataSubscription;
    /** Market regimes set through the control API, by conid (string key). */
    marketRegimes: MarketRegime;
    /** The conids of the options listed on each underlying (conid as string key): their prices
     * follow the underlying's. */
    optionsByUnderlying: number[];
  }
}

import type { Instrument } from './model.js';
import type { PriceSeries, TradeBucket } from './price-path.js';
import type { MarketRegime } from './regimes.js';

declare module '../kernel/store.js' {
  interface Collections {
    instruments: Instrument;
    /** Last price per conid (string key); absent when the instrument has no market data. */
    prices: number;
    /** Each instrument's price series by conid (string key): its first recorded trade, the
     * number of trades recorded and the bucket of trades being filled. */
    priceSeries: PriceSeries;
    /** The full buckets of recorded trades, keyed `<conid>|<bucket number>` (from 0), kept a
     * year. */
    priceTrades: TradeBucket;
    /** Market regimes set through the control API, by conid (string key). */
    marketRegimes: MarketRegime;
    /** The conids of the options listed on each underlying (conid as string key): their prices
     * follow the underlying's. */
    optionsByUnderlying: number[];
  }
}

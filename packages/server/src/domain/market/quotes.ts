import { onGrid, type PriceTraits } from './price-traits.js';
import type { Tick } from './seeded-history.js';

/** The best bid and offer around a trade: a spread of about 2 basis points (at least one price
 * step) that contains the trade's price, with sizes in whole lots derived from the trade. */
export interface Quote {
  bid: number;
  ask: number;
  bidSize: number;
  askSize: number;
}

export function quoteAt(traits: PriceTraits, tick: Tick): Quote {
  const half = Math.max(traits.increment, tick.price * 0.0001);
  const bid = Math.min(tick.price, onGrid(traits, tick.price - half));
  const ask = Math.max(tick.price, onGrid(traits, tick.price + half), bid + traits.increment);
  const lots = tick.size / traits.lot;
  // Whole minutes: a trade's time is any millisecond, and a fraction here would make a size of
  // part of a lot (the regulatory snapshot sends sizes as whole round lots).
  const minutes = Math.floor(tick.t / 60_000);
  return {
    bid,
    ask: Number(ask.toFixed(traits.decimals)),
    bidSize: traits.lot * (1 + ((lots * 3 + minutes) % 9)),
    askSize: traits.lot * (1 + ((lots * 5 + minutes) % 7)),
  };
}

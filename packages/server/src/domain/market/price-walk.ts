import { maxPrice, type Market } from './market.js';
import type { SeededRandom } from '../kernel/random.js';
import { roundTo } from '../kernel/money.js';

export interface PriceWalk {
  /** How many steps every price takes. */
  steps: number;
  /** Largest move of one step, in percent of the price (each step is uniform within ±). */
  stepPercent: number;
}

/** Moves every price with market data by a random walk drawn from the brokerage's seeded random
 * source: the same seed and the same calls give the same prices. Prices stay positive and are
 * rounded to 4 decimals; every step goes through `Market.setPrice`, so orders fill and alerts
 * trigger on the way. Answers the prices at the end, by conid. */
export function walkPrices(
  market: Market,
  random: SeededRandom,
  conids: number[],
  walk: PriceWalk,
): Map<number, number> {
  const prices = new Map<number, number>();
  for (let step = 0; step < walk.steps; step++) {
    for (const conid of conids) {
      const last = market.price(conid);
      if (last === undefined) continue;
      const factor = 1 + ((random.next() * 2 - 1) * walk.stepPercent) / 100;
      const next = Math.min(maxPrice, Math.max(0.0001, roundTo(last * factor, 4)));
      market.setPrice(conid, next);
      prices.set(conid, next);
    }
  }
  return prices;
}

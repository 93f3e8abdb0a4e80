import type { SourceBar } from './replay-bars.js';

/** One trade of a replayed bar. */
export interface BarTrade {
  t: number;
  price: number;
  /** Undefined when the bar has no volume: the price path sizes the trade. */
  size: number | undefined;
}

/** The four trades a bar is replayed as, a quarter of its width apart: the open, then the
 * extreme the bar moved away from first, the other extreme, and the close. A bar that closed at
 * or above its open is taken to have dipped first (open, low, high, close), one that closed
 * below to have risen first (open, high, low, close): the path that reaches the close from its
 * last extreme in the close's direction. The volume is shared out in whole quarters, the close
 * taking the rest, so the trades add up to the bar's volume exactly. */
export function tradesOfBar(bar: SourceBar, barMs: number): BarTrade[] {
  const extremes = bar.c >= bar.o ? [bar.l, bar.h] : [bar.h, bar.l];
  const prices = [bar.o, ...extremes, bar.c];
  const quarter = bar.v === undefined ? undefined : Math.floor(bar.v / 4);
  return prices.map((price, index) => ({
    t: bar.t + Math.floor((index * barMs) / 4),
    price,
    size:
      bar.v === undefined || quarter === undefined
        ? undefined
        : index < 3
          ? quarter
          : bar.v - 3 * quarter,
  }));
}

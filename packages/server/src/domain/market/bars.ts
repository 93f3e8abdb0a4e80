import { dayAt, type ExchangeHours } from './exchange-hours.js';
import type { PriceTraits } from './price-traits.js';
import type { Tick } from './seeded-history.js';
import { quoteAt } from './quotes.js';

export type BarUnit = 'S' | 'min' | 'h' | 'd' | 'w' | 'm';

export interface BarSize {
  count: number;
  unit: BarUnit;
}

/** One bar: open, high, low and close of the trades in it, their volume, and its start time. */
export interface Bar {
  /** Epoch milliseconds: the bar's start (for day, week and month bars, the regular open of its
   * first trading day). */
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

/** What the bars are made of: trades (`Last`), the quote's midpoint, bids and offers together
 * (`Bid_Ask`: lows from bids, highs from offers), bids alone or offers alone. */
export type BarSource = 'Last' | 'Midpoint' | 'Bid_Ask' | 'Bid' | 'Ask';

const unitMs: Record<'S' | 'min' | 'h', number> = { S: 1000, min: 60_000, h: 3_600_000 };

/** The key of the bar a trade at `t` belongs to, and that bar's start time. */
function bucketOf(size: BarSize, hours: ExchangeHours): (t: number) => [key: number, t: number] {
  if (size.unit === 'S' || size.unit === 'min' || size.unit === 'h') {
    const width = size.count * unitMs[size.unit];
    return (t) => {
      const key = Math.floor(t / width);
      return [key, key * width];
    };
  }
  const periodOf = {
    d: (index: number) => index,
    // Weeks start on Mondays (day 0, 1970-01-01, was a Thursday).
    w: (index: number) => Math.floor((index + 3) / 7),
    m: (index: number) => {
      const date = new Date(index * 86_400_000);
      return date.getUTCFullYear() * 12 + date.getUTCMonth();
    },
  }[size.unit];
  return (t) => {
    const day = dayAt(hours, t);
    return [Math.floor(periodOf(day.index) / size.count), day.regularOpen];
  };
}

/** The low, high and representative price of a trade for a bar source. */
function valuesOf(
  source: BarSource,
  traits: PriceTraits,
): (tick: Tick) => [number, number, number] {
  if (source === 'Last') return (tick) => [tick.price, tick.price, tick.price];
  return (tick) => {
    const { bid, ask } = quoteAt(traits, tick);
    const mid = Number(((bid + ask) / 2).toFixed(traits.decimals + 1));
    if (source === 'Bid') return [bid, bid, bid];
    if (source === 'Ask') return [ask, ask, ask];
    return source === 'Midpoint' ? [mid, mid, mid] : [bid, ask, mid];
  };
}

/** Aggregates trades (oldest first) into bars of `size`, oldest first; a bar exists only where
 * there were trades. Volume counts trades only (0 for quote sources). */
export function aggregate(
  ticks: readonly Tick[],
  size: BarSize,
  hours: ExchangeHours,
  traits: PriceTraits,
  source: BarSource = 'Last',
): Bar[] {
  const bucket = bucketOf(size, hours);
  const values = valuesOf(source, traits);
  const bars: Bar[] = [];
  let currentKey: number | undefined;
  let current: Bar | undefined;
  for (const tick of ticks) {
    const [key, t] = bucket(tick.t);
    const [low, high, value] = values(tick);
    const volume = source === 'Last' ? tick.size : 0;
    if (current && key === currentKey) {
      current.h = Math.max(current.h, high);
      current.l = Math.min(current.l, low);
      current.c = value;
      current.v += volume;
    } else {
      current = { t, o: value, h: high, l: low, c: value, v: volume };
      currentKey = key;
      bars.push(current);
    }
  }
  return bars;
}

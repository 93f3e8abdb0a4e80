// The price path of each instrument: the seeded history (seeded-history.ts) behind the first
// recorded trade, and the trades recorded since, kept a year and compacted as they age.
import { dayMs, hoursOf } from './exchange-hours.js';
import type { Instrument } from './model.js';
import { compact } from './compaction.js';
import { traitsOf } from './price-traits.js';
import {
  appendTo,
  cachedHistory,
  historyDays,
  type DayRange,
  type DayState,
  type PathData,
  type Tick,
} from './seeded-history.js';
import type { MarketStore } from './store-view.js';

/** Trades are kept one by one for this long: bars shorter than 15 minutes need every trade, and
 * the 1000 most recent of them (the most an answer holds) never span more than 14,000 minutes of
 * trading, under 15 sessions of the longest extended hours (16 h). */
export const fineTradesMs = 21 * dayMs;
/** Trades older than this are dropped: the path holds a year of daily bars. */
export const keptHistoryMs = historyDays * dayMs;

/** Recorded trades are stored in buckets of this many, numbered from 0: a bucket is written
 * whole as it fills, so a trade's write copies at most this many trades, whatever the day. */
export const tradesPerBucket = 32;

/** Trades of one bucket, by column (a trade's size follows from its number, `tradeSize`, unless
 * the bucket has sizes of its own: a replayed bar's trades carry the bar's volume). */
export interface TradeBucket {
  t: number[];
  price: number[];
  size?: number[];
}

/** One instrument's series, as the store keeps it: its first recorded trade, how many trades
 * were recorded, and the trades of the bucket being filled (`open`: the `count %
 * tradesPerBucket` most recent). A full bucket is a record of its own in `priceTrades` (keyed
 * `<conid>|<bucket number>`, dropped a year after its last trade). Recording a trade writes the
 * series, and once per bucket the bucket: a constant, whatever the length of the path. */
export interface PriceSeries {
  conid: number;
  /** The first recorded trade: the seeded history ends there. */
  anchor: Tick;
  /** Trades recorded so far (the next trade's number). */
  count: number;
  open: TradeBucket;
}

function bucketKey(conid: number, bucket: number): string {
  return `${conid}|${bucket}`;
}

/** The size of recorded trade number `number`: whole lots, varied by number and contract. */
function tradeSize(instrument: Instrument, number: number): number {
  return traitsOf(instrument).lot * (1 + ((number * 7 + instrument.conid) % 10));
}

function sameTick(a: Tick | undefined, b: Tick | undefined): boolean {
  return (
    a !== undefined && b !== undefined && a.t === b.t && a.price === b.price && a.size === b.size
  );
}

/** An instrument's path as this process derived it from the store: the seeded history and the
 * recorded trades read so far (`read` of them, the last one `lastRead`), compacted and pruned as
 * the clock moves on. */
interface DerivedPath extends PathData {
  anchor: Tick;
  read: number;
  lastRead: Tick | undefined;
  /** Trades before this time are compacted (and dropped before `keptHistoryMs`). */
  compactedUntil: number;
  /** The 52-week range of the days before `day` (the current day is added when read). */
  yearRange: ({ day: number } & DayRange) | undefined;
}

/** Every instrument's price path: the seeded history, then the trades recorded since the start
 * (each price the market is given is a trade at the clock's time). The store keeps only the
 * recorded trades; each process derives the path from them in a cache of its own (the `derived`
 * paths, caught up with the trades other processes recorded when read), compacting and dropping
 * trades as the clock moves on, so the path stays bounded. */
export class PricePath {
  readonly #derived = new Map<number, DerivedPath>();

  constructor(
    private readonly store: MarketStore,
    private seed: number,
  ) {}

  /** The seed of the histories built from now on (a reset with another seed). */
  reseed(seed: number): void {
    this.seed = seed;
    this.#derived.clear();
  }

  #series(conid: number): PriceSeries | undefined {
    return this.store.collection('priceSeries').get(String(conid));
  }

  /** Records a trade at `price`, time `t` (never before the trade recorded last: the path stays
   * in time order), of `size` (by default a size derived from the trade's number). */
  record(instrument: Instrument, price: number, t: number, size?: number): void {
    const conid = instrument.conid;
    const series = this.#series(conid);
    const count = series?.count ?? 0;
    const at = Math.max(t, series ? this.#lastTime(series) : t);
    const tick = { t: at, price, size: size ?? tradeSize(instrument, count) };
    const open = series?.open ?? { t: [], price: [] };
    const filled: TradeBucket = { t: [...open.t, at], price: [...open.price, price] };
    if (size !== undefined || open.size) {
      const first = count - open.t.length;
      const sizes = open.size ?? open.t.map((_, index) => tradeSize(instrument, first + index));
      filled.size = [...sizes, tick.size];
    }
    const full = filled.t.length === tradesPerBucket;
    if (full) {
      this.store
        .collection('priceTrades')
        .set(bucketKey(conid, Math.floor(count / tradesPerBucket)), filled, {
          expiresAt: t + keptHistoryMs + dayMs,
        });
    }
    this.store.collection('priceSeries').set(String(conid), {
      conid,
      anchor: series?.anchor ?? tick,
      count: count + 1,
      open: full ? { t: [], price: [] } : filled,
    });
  }

  /** The time of the series' last recorded trade. */
  #lastTime(series: PriceSeries): number {
    return (
      series.open.t.at(-1) ?? this.#bucketOf(series, series.count - 1)?.t.at(-1) ?? series.anchor.t
    );
  }

  /** The bucket holding trade number `number` of the series: the open one, a stored one, or
   * undefined when it was dropped. */
  #bucketOf(series: PriceSeries, number: number): TradeBucket | undefined {
    const bucket = Math.floor(number / tradesPerBucket);
    if (bucket === Math.floor(series.count / tradesPerBucket)) return series.open;
    return this.store.collection('priceTrades').get(bucketKey(series.conid, bucket));
  }

  /** Recorded trade number `number`, or undefined when its bucket was dropped. */
  #trade(instrument: Instrument, series: PriceSeries, number: number): Tick | undefined {
    const bucket = this.#bucketOf(series, number);
    const at = number % tradesPerBucket;
    const t = bucket?.t[at];
    const price = bucket?.price[at];
    if (t === undefined || price === undefined) return undefined;
    return { t, price, size: bucket?.size?.[at] ?? tradeSize(instrument, number) };
  }

  /** The path of the instrument with its day states and ranges, caught up with the store;
   * undefined without market data. */
  #path(instrument: Instrument): DerivedPath | undefined {
    const series = this.#series(instrument.conid);
    if (!series) return undefined;
    let path = this.#derived.get(instrument.conid);
    const current =
      path !== undefined &&
      sameTick(path.anchor, series.anchor) &&
      path.read <= series.count &&
      (path.read === 0 || sameTick(path.lastRead, this.#trade(instrument, series, path.read - 1)));
    if (!path || !current) {
      const history = cachedHistory(this.seed, instrument, series.anchor);
      path = {
        ticks: [...history.ticks],
        states: [...history.states],
        ranges: new Map([...history.ranges].map(([day, range]) => [day, { ...range }])),
        anchor: series.anchor,
        read: 0,
        lastRead: undefined,
        compactedUntil: series.anchor.t - fineTradesMs,
        yearRange: undefined,
      };
      this.#derived.set(instrument.conid, path);
    }
    if (path.read < series.count) {
      const hours = hoursOf(instrument.exchange);
      while (path.read < series.count) {
        const tick = this.#trade(instrument, series, path.read);
        if (tick) {
          appendTo(path, hours, tick);
          path.lastRead = tick;
          path.read++;
        } else {
          // A dropped bucket: its trades are older than the kept year.
          path.read = (Math.floor(path.read / tradesPerBucket) + 1) * tradesPerBucket;
        }
      }
      this.#maintain(path, (path.ticks.at(-1) as Tick).t);
    }
    return path;
  }

  /** Compacts the trades that left the fine window and drops those older than a year; runs at
   * most once per day of the clock, so a trade's cost stays constant on average. */
  #maintain(path: DerivedPath, now: number): void {
    if (now - fineTradesMs < path.compactedUntil + dayMs) return;
    const until = now - fineTradesMs;
    const keepFrom = firstAtOrAfter(path.ticks, now - keptHistoryMs);
    const from = Math.max(keepFrom, firstAtOrAfter(path.ticks, path.compactedUntil));
    const to = firstAtOrAfter(path.ticks, until);
    const [ticks, states] = compact(path.ticks.slice(from, to), path.states.slice(from, to));
    path.ticks = [...path.ticks.slice(keepFrom, from), ...ticks, ...path.ticks.slice(to)];
    path.states = [...path.states.slice(keepFrom, from), ...states, ...path.states.slice(to)];
    const firstDay = Math.floor((now - keptHistoryMs) / dayMs) - 1;
    for (const day of path.ranges.keys()) if (day < firstDay) path.ranges.delete(day);
    path.compactedUntil = until;
  }

  /** The trades recorded since the start and still kept one by one, oldest first. */
  recorded(instrument: Instrument): readonly Tick[] {
    const path = this.#path(instrument);
    if (!path) return [];
    return path.ticks.slice(
      firstAtOrAfter(path.ticks, Math.max(path.anchor.t, path.compactedUntil)),
    );
  }

  /** The whole path of the instrument as kept, oldest first; empty without market data. */
  ticks(instrument: Instrument): readonly Tick[] {
    return this.#path(instrument)?.ticks ?? [];
  }

  /** The latest trade at or before `asOf` and the day state after it; undefined without one. */
  stateAt(instrument: Instrument, asOf: number): { last: Tick; day: DayState } | undefined {
    const path = this.#path(instrument);
    if (!path) return undefined;
    const index = firstAtOrAfter(path.ticks, asOf + 1) - 1;
    const last = path.ticks[index];
    const day = path.states[index];
    return last && day ? { last, day } : undefined;
  }

  /** Regular-hours high and low of the 52 weeks up to day `today` (local day index), with
   * `current`, the range of the day so far; a cached year of whole days plus the current one. */
  yearRange(instrument: Instrument, today: number, current: DayRange): DayRange {
    const path = this.#path(instrument);
    if (!path) return current;
    if (path.yearRange?.day !== today) {
      let high = -Infinity;
      let low = Infinity;
      for (let day = today - 364; day < today; day++) {
        const range = path.ranges.get(day);
        if (!range) continue;
        high = Math.max(high, range.high);
        low = Math.min(low, range.low);
      }
      path.yearRange = { day: today, high, low };
    }
    return {
      high: Math.max(path.yearRange.high, current.high),
      low: Math.min(path.yearRange.low, current.low),
    };
  }
}

/** Index of the first tick at or after `t` (ticks sorted by time). */
export function firstAtOrAfter(ticks: readonly Tick[], t: number): number {
  let low = 0;
  let high = ticks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((ticks[middle] as Tick).t < t) low = middle + 1;
    else high = middle;
  }
  return low;
}

// The price path of each instrument: a seeded history behind the first recorded trade, and the
// trades recorded since, kept a year and compacted as they age.
// Over 300 lines: the seeded history and the recorded trades answer together (`ticks`,
// `stateAt`, `yearRange`) and share the day states and the compaction.
import { dropOldest } from '../kernel/bounded-map.js';
import { SeededRandom } from '../kernel/random.js';
import type { Store } from '../kernel/store.js';
import {
  dayMs,
  dayOfIndex,
  dayAt,
  hoursOf,
  inSession,
  isTradingDay,
  type ExchangeHours,
  type TradingDay,
} from './exchange-hours.js';
import type { Instrument } from './model.js';

/** One trade of the price path. */
export interface Tick {
  /** Epoch milliseconds. */
  t: number;
  price: number;
  /** Quantity traded (shares, contracts, units of the base currency). */
  size: number;
}

/** How an instrument's prices move and round. */
export interface PriceTraits {
  /** Smallest price step. */
  increment: number;
  /** Decimals of `increment`: how prices are written. */
  decimals: number;
  /** Quantity of one round lot: trade sizes are whole lots. */
  lot: number;
  /** Typical daily move, as a fraction of the price. */
  dailyVolatility: number;
  /** Highest price the instrument can have (event contracts pay at most 1). */
  ceiling: number;
}

const traitsBySecType: Record<Instrument['secType'], Omit<PriceTraits, 'decimals'>> = {
  STK: { increment: 0.01, lot: 100, dailyVolatility: 0.018, ceiling: 10_000_000 },
  OPT: { increment: 0.01, lot: 1, dailyVolatility: 0.05, ceiling: 10_000_000 },
  FUT: { increment: 0.25, lot: 1, dailyVolatility: 0.012, ceiling: 10_000_000 },
  CASH: { increment: 0.0001, lot: 10_000, dailyVolatility: 0.005, ceiling: 10_000_000 },
  EVENT: { increment: 0.01, lot: 1, dailyVolatility: 0.03, ceiling: 0.99 },
};

/** The traits of each type with their decimals, worked out once (every trade reads them). */
const traitsWithDecimals = Object.fromEntries(
  Object.entries(traitsBySecType).map(([secType, traits]) => [
    secType,
    Object.freeze({
      ...traits,
      decimals: Math.max(0, -Math.floor(Math.log10(traits.increment))),
    }),
  ]),
) as Record<Instrument['secType'], Readonly<PriceTraits>>;

export function traitsOf(instrument: Pick<Instrument, 'secType'>): Readonly<PriceTraits> {
  return traitsWithDecimals[instrument.secType];
}

/** `value` on the instrument's grid of prices, within (0, ceiling]. */
export function onGrid(traits: PriceTraits, value: number): number {
  const steps = Math.min(
    Math.floor(traits.ceiling / traits.increment),
    Math.max(1, Math.round(value / traits.increment)),
  );
  return Number((steps * traits.increment).toFixed(traits.decimals));
}

/** Calendar days of seeded history before the first recorded trade (a year of daily bars). */
export const historyDays = 370;
/** The most recent days of seeded history have a trade every minute; older days every 15. */
const minuteDetailDays = 10;
const minuteMs = 60_000;

/** The seeded trades before `anchor` (the first recorded trade), oldest first: a random walk run
 * backwards from the anchor's price, a trade per slot of the exchange's extended hours on
 * weekdays, with a gap between days. The same seed, instrument and anchor give the same trades. */
export function seededHistory(seed: number, instrument: Instrument, anchor: Tick): Tick[] {
  const traits = traitsOf(instrument);
  const hours = hoursOf(instrument.exchange);
  const random = new SeededRandom((Math.imul(seed, 0x9e3779b1) ^ instrument.conid) >>> 0);
  const regularMs = (hours.regular[1] - hours.regular[0]) * minuteMs;
  const uniform = (sigma: number) => (random.next() * 2 - 1) * sigma * Math.sqrt(3);
  const earliest = anchor.t - historyDays * dayMs;
  const ticks: Tick[] = [];
  let value = anchor.price;
  for (let index = dayAt(hours, anchor.t).index; ; index--) {
    const day = dayOfIndex(hours, index);
    if (day.extendedClose <= earliest) break;
    if (!isTradingDay(day)) continue;
    const spacing =
      anchor.t - day.extendedOpen <= minuteDetailDays * dayMs ? minuteMs : 15 * minuteMs;
    const sigma = traits.dailyVolatility * Math.sqrt(spacing / regularMs);
    const end = Math.min(day.extendedClose, anchor.t);
    for (
      let t = day.extendedOpen + Math.ceil((end - day.extendedOpen) / spacing - 1) * spacing;
      t >= day.extendedOpen;
      t -= spacing
    ) {
      ticks.push({ t, price: onGrid(traits, value), size: random.int(1, 20) * traits.lot });
      value = Math.min(traits.ceiling, value / (1 + uniform(sigma)));
    }
    value = Math.min(traits.ceiling, value / (1 + uniform(traits.dailyVolatility * 0.3)));
  }
  return ticks.reverse();
}

/** The state of an instrument's trading day after one trade: what a snapshot reads, kept with
 * every trade so that the market at any time is one look-up, however many trades there are. */
export interface DayState {
  /** Local day index (`TradingDay.index`) whose session the trade is in; -1 for a trade before
   * its day's first session (such trades count toward no day). */
  day: number;
  /** Regular-hours open, high and low of the day so far. */
  open: number | undefined;
  high: number | undefined;
  low: number | undefined;
  /** Quantity and number of trades of the day so far, all sessions. */
  volume: number;
  trades: number;
  /** The last regular-hours trade before the day. */
  priorClose: number | undefined;
  /** The last regular-hours trade so far, whatever its day. */
  lastRegular: number | undefined;
}

/** The day state after `tick`, from the state after the trade before it; `calendarDay` is the
 * local day holding the trade, `regular` whether it is in that day's regular session. */
function nextDayState(
  previous: DayState | undefined,
  tick: Tick,
  calendarDay: TradingDay,
  regular: boolean,
): DayState {
  const day =
    tick.t >= Math.min(calendarDay.extendedOpen, calendarDay.regularOpen) ? calendarDay.index : -1;
  const state: DayState =
    previous?.day === day && day !== -1
      ? { ...previous }
      : {
          day,
          open: undefined,
          high: undefined,
          low: undefined,
          volume: 0,
          trades: 0,
          priorClose: previous?.lastRegular,
          lastRegular: previous?.lastRegular,
        };
  if (day === -1) return state;
  state.volume += tick.size;
  state.trades += 1;
  if (regular) {
    state.open ??= tick.price;
    state.high = Math.max(state.high ?? tick.price, tick.price);
    state.low = Math.min(state.low ?? tick.price, tick.price);
    state.lastRegular = tick.price;
  }
  return state;
}

/** Regular-hours high and low of one local day. */
interface DayRange {
  high: number;
  low: number;
}

/** An instrument's path as kept: trades oldest first, the day state after each, and each day's
 * regular-hours range (for the 52-week range). */
interface PathData {
  ticks: Tick[];
  states: DayState[];
  ranges: Map<number, DayRange>;
}

function appendTo(path: PathData, hours: ExchangeHours, tick: Tick): void {
  const calendarDay = dayAt(hours, tick.t);
  const regular = inSession(calendarDay, tick.t);
  path.ticks.push(tick);
  path.states.push(nextDayState(path.states.at(-1), tick, calendarDay, regular));
  if (!regular) return;
  const range = path.ranges.get(calendarDay.index);
  if (range) {
    range.high = Math.max(range.high, tick.price);
    range.low = Math.min(range.low, tick.price);
  } else {
    path.ranges.set(calendarDay.index, { high: tick.price, low: tick.price });
  }
}

/** Seeded histories already generated (with their day states), by seed, conid and anchor: they
 * are pure functions of those, so every market of the process shares them (a reset or another
 * server on the same seed finds them ready). The oldest are dropped beyond `cachedHistories`. */
const histories = new Map<string, Readonly<PathData>>();
const cachedHistories = 256;

function cachedHistory(seed: number, instrument: Instrument, anchor: Tick): Readonly<PathData> {
  const key = `${seed}|${instrument.conid}|${instrument.exchange}|${anchor.t}|${anchor.price}`;
  let history = histories.get(key);
  if (!history) {
    const hours = hoursOf(instrument.exchange);
    const path: PathData = { ticks: [], states: [], ranges: new Map() };
    for (const tick of seededHistory(seed, instrument, anchor)) appendTo(path, hours, tick);
    history = path;
    histories.set(key, history);
    dropOldest(histories, cachedHistories);
  }
  return history;
}

/** Trades are kept one by one for this long: bars shorter than 15 minutes need every trade, and
 * the 1000 most recent of them (the most an answer holds) never span more than 14,000 minutes of
 * trading, under 15 sessions of the longest extended hours (16 h). */
export const fineTradesMs = 21 * dayMs;
/** Older trades are kept as at most four per quarter hour: the first, the highest, the lowest and
 * the last, the last carrying the quarter's remaining volume. Every bar of 15 minutes or more
 * keeps its open, high, low, close and volume exactly, since bars and sessions start on quarter
 * hours. */
const compactedSlotMs = 15 * minuteMs;
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

/** Keeps the first, highest, lowest and last trade of each quarter hour of `ticks` (oldest first,
 * with their day states), the last with the quarter's remaining volume. */
function compact(ticks: readonly Tick[], states: readonly DayState[]): [Tick[], DayState[]] {
  const keptTicks: Tick[] = [];
  const keptStates: DayState[] = [];
  let start = 0;
  while (start < ticks.length) {
    const slot = Math.floor((ticks[start] as Tick).t / compactedSlotMs);
    let end = start;
    let high = start;
    let low = start;
    let volume = 0;
    while (end < ticks.length && Math.floor((ticks[end] as Tick).t / compactedSlotMs) === slot) {
      const tick = ticks[end] as Tick;
      if (tick.price > (ticks[high] as Tick).price) high = end;
      if (tick.price < (ticks[low] as Tick).price) low = end;
      volume += tick.size;
      end++;
    }
    const picked = [...new Set([start, high, low, end - 1])].sort((a, b) => a - b);
    let carried = 0;
    for (const [position, index] of picked.entries()) {
      const tick = ticks[index] as Tick;
      const last = position === picked.length - 1;
      keptTicks.push(last ? { ...tick, size: volume - carried } : tick);
      keptStates.push(states[index] as DayState);
      carried += tick.size;
    }
    start = end;
  }
  return [keptTicks, keptStates];
}

/** Every instrument's price path: the seeded history, then the trades recorded since the start
 * (each price the market is given is a trade at the clock's time). The store keeps only the
 * recorded trades; each process derives the path from them in a cache of its own (the `derived`
 * paths, caught up with the trades other processes recorded when read), compacting and dropping
 * trades as the clock moves on, so the path stays bounded. */
export class PricePath {
  readonly #derived = new Map<number, DerivedPath>();

  constructor(
    private readonly store: Store,
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

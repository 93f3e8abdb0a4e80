import { dropOldest } from '../kernel/bounded-map.js';
import { badRequest } from '../kernel/errors.js';
import { freeze } from '../kernel/freeze.js';
import { aggregate, type Bar, type BarSize, type BarSource } from '../market/bars.js';
import {
  dayAt,
  dayMs,
  dayOfIndex,
  hoursOf,
  inRegularHours,
  isTradingDay,
} from '../market/exchange-hours.js';
import { marketDataTexts } from './market-data-texts.js';
import type { Instrument } from '../market/model.js';
import { firstAtOrAfter, type PricePath } from '../market/price-path.js';
import { traitsOf } from '../market/price-traits.js';
import type { Tick } from '../market/seeded-history.js';

/** The most bars one history request answers (the most recent ones). */
export const maxBars = 1000;

type PeriodUnit = 'min' | 'h' | 'd' | 'w' | 'm' | 'y';

/** The largest count per period unit the service takes. */
const periodLimits: Record<PeriodUnit, number> = { min: 30, h: 8, d: 1000, w: 792, m: 182, y: 15 };

export interface Period {
  count: number;
  unit: PeriodUnit;
}

/** A count and a unit, as the service writes it (`30min`, `2h`, `1d`, `6m`) or spelled out as
 * clients send it (`5mins`, `1hour`, `2hours`, `1day`, `1week`, `1month`, `1year`). */
const spanPattern = /^(\d+)\s*([a-z]+)$/i;

/** Every spelling of each unit: `m` alone is a month, as in the service's short form. */
const unitSpellings: [BarSize['unit'] | 'y', string[]][] = [
  ['S', ['s', 'sec', 'secs', 'second', 'seconds']],
  ['min', ['min', 'mins', 'minute', 'minutes']],
  ['h', ['h', 'hr', 'hrs', 'hour', 'hours']],
  ['d', ['d', 'day', 'days']],
  ['w', ['w', 'week', 'weeks']],
  ['m', ['m', 'month', 'months']],
  ['y', ['y', 'yr', 'yrs', 'year', 'years']],
];
const unitWords = new Map(
  unitSpellings.flatMap(([unit, words]) => words.map((word) => [word, unit] as const)),
);

/** The count and unit of a span, or undefined when the text is not one. */
function readSpan(text: string): { count: number; unit: BarSize['unit'] | 'y' } | undefined {
  const match = spanPattern.exec(text.trim());
  const unit = match && unitWords.get((match[2] ?? '').toLowerCase());
  return unit ? { count: Number(match[1]), unit } : undefined;
}

const isPeriodUnit = (unit: string): unit is PeriodUnit => unit in periodLimits;

/** Reads a period such as `30min`, `2h`, `1d`, `1w`, `6m`, `1y` (or `2hours`, `1day`...). */
export function parsePeriod(text: string): Period {
  const span = readSpan(text);
  if (!span || !isPeriodUnit(span.unit) || span.count < 1 || span.count > periodLimits[span.unit])
    throw badRequest(marketDataTexts.invalidPeriod(text));
  return { count: span.count, unit: span.unit };
}

/** Reads a bar size such as `30S`, `1min`, `5min`, `1h`, `1d`, `1w`, `1m` (or `1hour`...). */
export function parseBarSize(text: string): BarSize {
  const span = readSpan(text);
  if (!span || span.unit === 'y' || !(span.count >= 1))
    throw badRequest(marketDataTexts.invalidBar(text));
  return { count: span.count, unit: span.unit };
}

const fixedMs: Record<'min' | 'h' | 'w' | 'm' | 'y', number> = {
  min: 60_000,
  h: 3_600_000,
  w: 7 * dayMs,
  m: 30 * dayMs,
  y: 365 * dayMs,
};

export interface HistoryRequest {
  period: Period;
  bar: BarSize;
  /** Epoch milliseconds the period is measured from; the clock's time when absent. */
  startTime: number | undefined;
  /** -1: the period ends at the start time; 1: it begins there. */
  direction: -1 | 1;
  outsideRth: boolean;
  source: BarSource;
}

export interface History {
  /** Frozen: the same bars are handed to every request that asks for them. */
  bars: readonly Readonly<Bar>[];
  /** The interval the bars were taken from, epoch milliseconds. */
  from: number;
  to: number;
}

/** The interval `period` covers from `anchor` in `direction`. Days count trading days (`1d` is
 * the current or last session); other units are calendar spans. */
function intervalOf(instrument: Instrument, period: Period, anchor: number, direction: -1 | 1) {
  if (period.unit !== 'd') {
    const span = period.count * fixedMs[period.unit];
    return direction === -1
      ? { from: anchor - span, to: anchor }
      : { from: anchor, to: anchor + span };
  }
  const hours = hoursOf(instrument.exchange);
  let index = dayAt(hours, anchor).index;
  let remaining = period.count;
  let edge = direction === -1 ? dayOfIndex(hours, index).extendedOpen : anchor;
  while (remaining > 0) {
    const day = dayOfIndex(hours, index);
    if (isTradingDay(day)) {
      remaining--;
      edge = direction === -1 ? day.extendedOpen : day.extendedClose;
    }
    index += direction;
  }
  return direction === -1
    ? { from: Math.min(edge, anchor), to: anchor }
    : { from: anchor, to: edge };
}

/** Bars already made, by the tick array they were made from, then by the request's bar size,
 * session and source and the range of ticks: ticks are only ever appended to a path's array
 * (compaction makes a new one), so the same range of the same array makes the same bars. A
 * client polling a chart is answered from here until a trade lands or the range moves on. */
const madeBars = new WeakMap<readonly Tick[], Map<string, readonly Readonly<Bar>[]>>();
/** Bar lists kept per tick array (the oldest dropped first). */
const keptBarLists = 16;

/** The bars of the instrument's price path over the requested interval (at most `maxBars`, the
 * most recent), from trades in regular hours unless `outsideRth`. */
export function historyOf(
  path: PricePath,
  instrument: Instrument,
  request: HistoryRequest,
  now: number,
): History {
  const anchor = Math.min(request.startTime ?? now, now);
  const { from, to } = intervalOf(instrument, request.period, anchor, request.direction);
  const end = Math.min(to, now);
  const ticks = path.ticks(instrument);
  const first = firstAtOrAfter(ticks, from);
  const last = firstAtOrAfter(ticks, end + 1);
  const { bar, outsideRth, source } = request;
  const key = `${bar.count}${bar.unit}|${outsideRth}|${source}|${first}|${last}`;
  let made = madeBars.get(ticks);
  if (!made) {
    made = new Map();
    madeBars.set(ticks, made);
  }
  let bars = made.get(key);
  if (!bars) {
    const hours = hoursOf(instrument.exchange);
    const inInterval = ticks.slice(first, last);
    const traded = outsideRth
      ? inInterval
      : inInterval.filter((tick) => inRegularHours(hours, tick.t));
    bars = freeze(
      aggregate(traded, bar, hours, traitsOf(instrument), source).slice(-maxBars),
      true,
    );
    made.set(key, bars);
    dropOldest(made, keptBarLists);
  }
  return { bars, from, to: end };
}

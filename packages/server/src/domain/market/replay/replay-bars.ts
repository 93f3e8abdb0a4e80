import { badRequest } from '../../kernel/errors.js';
import { dayAt, dayMs, hoursOf } from '../exchange-hours.js';
import { maxPrice } from '../market.js';
import {
  BarColumnsBuilder,
  type BarColumns,
  type PlaceName,
  type SourceBar,
} from './bar-columns.js';

export type { SourceBar } from './bar-columns.js';

/** Bars checked for replay: sorted, consistent, without gaps within a day; `barMs` is their
 * width (the smallest step between two bars, or what the source says). */
export interface ReplayBars {
  bars: BarColumns;
  barMs: number;
}

const minuteMs = 60_000;
const iso = (t: number) => new Date(t).toISOString();

/** The text of a bar's problem, naming where it is. */
const problem = (bar: SourceBar, text: string) => badRequest(`${bar.where}: ${text}`);

/** Reads a number written in a source, or fails naming the bar's place and the field. */
export function numberIn(where: string, field: string, value: unknown): number {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value.trim())
        : Number.NaN;
  if (!Number.isFinite(number)) {
    throw badRequest(`${where}: ${field} ${JSON.stringify(value ?? null)} is not a number`);
  }
  return number;
}

/** A bar written as `{t, o, h, l, c, v}` (numbers, or numbers as text), at `where`. */
export function sourceBarOf(where: string, entry: unknown): SourceBar {
  const bar = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
  return {
    where,
    t: numberIn(where, 't', bar.t),
    o: numberIn(where, 'o', bar.o),
    h: numberIn(where, 'h', bar.h),
    l: numberIn(where, 'l', bar.l),
    c: numberIn(where, 'c', bar.c),
    v: bar.v === undefined ? undefined : numberIn(where, 'v', bar.v),
  };
}

function checkBar(bar: SourceBar): void {
  for (const [field, price] of [
    ['open', bar.o],
    ['high', bar.h],
    ['low', bar.l],
    ['close', bar.c],
  ] as const) {
    if (!(price > 0 && price <= maxPrice)) {
      throw problem(bar, `${field} ${price} must be above 0 and at most ${maxPrice}`);
    }
  }
  if (bar.h < bar.l) throw problem(bar, `high ${bar.h} is below low ${bar.l}`);
  for (const [field, price] of [
    ['open', bar.o],
    ['close', bar.c],
  ] as const) {
    if (price < bar.l || price > bar.h) {
      throw problem(bar, `${field} ${price} is outside the bar's range ${bar.l} to ${bar.h}`);
    }
  }
  if (bar.v !== undefined && !(bar.v >= 0)) {
    throw problem(bar, `volume ${bar.v} is negative`);
  }
}

/** The width of the bars: the smallest step between two of them (a minute for a single bar). */
export function widthOf(bars: readonly SourceBar[]): number {
  let width = Infinity;
  for (let index = 1; index < bars.length; index++) {
    width = Math.min(width, (bars[index] as SourceBar).t - (bars[index - 1] as SourceBar).t);
  }
  return Number.isFinite(width) ? width : minuteMs;
}

/** Bars checked in this many at a time between two yields of `BarChecker.finish`. */
const gapSlice = 50_000;

/** Checks bars for replay on an exchange's days as they are read, one at a time, and keeps them
 * (`BarColumnsBuilder`): every bar consistent (high at least low, open and close within them,
 * prices in range), times strictly increasing; then (`finish`) no gap within a day. Bars of a day
 * or longer are refused: the replay moves through a day's session bar by bar. */
export class BarChecker {
  readonly #columns: BarColumnsBuilder;
  #width = Infinity;
  #last: SourceBar | undefined;

  constructor(placeName: PlaceName, maxBars?: number) {
    this.#columns = new BarColumnsBuilder(placeName, maxBars);
  }

  get length(): number {
    return this.#columns.length;
  }

  /** Checks a bar and keeps it; `place` is its number in the source (named by `placeName`). */
  add(bar: SourceBar, place: number): void {
    checkBar(bar);
    const before = this.#last;
    if (before) {
      if (bar.t <= before.t) {
        throw problem(
          bar,
          `time ${iso(bar.t)} is not after ${iso(before.t)} (${before.where}): bars must be sorted by time, each time once`,
        );
      }
      this.#width = Math.min(this.#width, bar.t - before.t);
    }
    this.#columns.add(bar, place);
    this.#last = bar;
  }

  /** The bars, checked for gaps within a day on `exchange`'s days. `widthMs` is the width the
   * source states, if it does. Yields between slices of bars, so that a caller reading a stream
   * can let other work run; `checkedBars` runs it at once. */
  *finish(exchange: string, widthMs?: number): Generator<void, ReplayBars> {
    if (this.#columns.length === 0) throw badRequest('The market data has no bars');
    const barMs = widthMs ?? (Number.isFinite(this.#width) ? this.#width : minuteMs);
    if (barMs >= dayMs) {
      throw badRequest(
        `Bars of ${barMs / 1000} s are a day or longer: the replay takes intraday bars (a minute, five, an hour...)`,
      );
    }
    const bars = this.#columns.build();
    const hours = hoursOf(exchange);
    for (let index = 1; index < bars.length; index++) {
      if (index % gapSlice === 0) yield;
      const [before, after] = [bars.time(index - 1), bars.time(index)];
      if (after - before > barMs && dayAt(hours, after).index === dayAt(hours, before).index) {
        const [earlier, bar] = [bars.at(index - 1), bars.at(index)] as SourceBar[];
        throw problem(
          bar as SourceBar,
          `gap: no bar between ${iso(before)} (${earlier?.where}) and ${iso(after)}, bars are ${barMs / 1000} s apart`,
        );
      }
    }
    return { bars, barMs };
  }
}

/** Runs a checker's `finish` to its end at once (sources already in memory). */
export function checkedBars(finishing: Generator<void, ReplayBars>): ReplayBars {
  for (;;) {
    const step = finishing.next();
    if (step.done) return step.value;
  }
}

/** Checks bars given as values (`BarChecker`), `where` naming each in errors. */
export function checkBars(
  bars: readonly SourceBar[],
  exchange: string,
  widthMs?: number,
): ReplayBars {
  const checker = new BarChecker((index) => (bars[index] as SourceBar).where);
  bars.forEach((bar, index) => checker.add(bar, index));
  return checkedBars(checker.finish(exchange, widthMs));
}

/** The bars moved by whole days so that the first one falls on the local date `day`
 * (`YYYY-MM-DD`) of `exchange`: a recorded day replayed on the simulation's day. */
export function onDay(replay: ReplayBars, exchange: string, day: string): ReplayBars {
  const target = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  if (!Number.isFinite(target)) throw badRequest(`day ${day} is not a date (YYYY-MM-DD)`);
  const shift = (target / dayMs - dayAt(hoursOf(exchange), replay.bars.time(0)).index) * dayMs;
  return { ...replay, bars: replay.bars.shifted(shift) };
}

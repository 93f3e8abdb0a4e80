import { badRequest } from '../../kernel/errors.js';
import { dayAt, dayMs, hoursOf, type ExchangeHours } from '../exchange-hours.js';
import { maxPrice } from '../market.js';

/** One bar to replay, as read from its source: `where` names it in errors (`row 7`, `data[6]`). */
export interface SourceBar {
  where: string;
  /** Start of the bar, epoch milliseconds. */
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  /** Volume of the bar; undefined when the source has none. */
  v: number | undefined;
}

/** Bars checked for replay: sorted, consistent, without gaps within a day; `barMs` is their
 * width (the smallest step between two bars, or what the source says). */
export interface ReplayBars {
  bars: readonly SourceBar[];
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

/** A missing bar: two bars of the same local day further apart than the width. */
function checkGap(hours: ExchangeHours, before: SourceBar, bar: SourceBar, barMs: number): void {
  if (bar.t - before.t <= barMs) return;
  if (dayAt(hours, bar.t).index !== dayAt(hours, before.t).index) return;
  throw problem(
    bar,
    `gap: no bar between ${iso(before.t)} (${before.where}) and ${iso(bar.t)}, bars are ${barMs / 1000} s apart`,
  );
}

/** Checks bars for replay on `exchange`'s days: every bar consistent (high at least low, open and
 * close within them, prices in range), times strictly increasing, no gap within a day. Bars of a
 * day or longer are refused: the replay moves through a day's session bar by bar.
 * `widthMs` is the width the source states, if it does. */
export function checkBars(
  bars: readonly SourceBar[],
  exchange: string,
  widthMs?: number,
): ReplayBars {
  if (bars.length === 0) throw badRequest('The market data has no bars');
  for (const [index, bar] of bars.entries()) {
    checkBar(bar);
    const before = bars[index - 1];
    if (before && bar.t <= before.t) {
      throw problem(
        bar,
        `time ${iso(bar.t)} is not after ${iso(before.t)} (${before.where}): bars must be sorted by time, each time once`,
      );
    }
  }
  const barMs = widthMs ?? widthOf(bars);
  if (barMs >= dayMs) {
    throw badRequest(
      `Bars of ${barMs / 1000} s are a day or longer: the replay takes intraday bars (a minute, five, an hour...)`,
    );
  }
  const hours = hoursOf(exchange);
  for (let index = 1; index < bars.length; index++) {
    checkGap(hours, bars[index - 1] as SourceBar, bars[index] as SourceBar, barMs);
  }
  return { bars, barMs };
}

/** The bars moved by whole days so that the first one falls on the local date `day`
 * (`YYYY-MM-DD`) of `exchange`: a recorded day replayed on the simulation's day. */
export function onDay(replay: ReplayBars, exchange: string, day: string): ReplayBars {
  const target = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  if (!Number.isFinite(target)) throw badRequest(`day ${day} is not a date (YYYY-MM-DD)`);
  const first = replay.bars[0] as SourceBar;
  const shift = (target / dayMs - dayAt(hoursOf(exchange), first.t).index) * dayMs;
  return { ...replay, bars: replay.bars.map((bar) => ({ ...bar, t: bar.t + shift })) };
}

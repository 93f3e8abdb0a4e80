import { badRequest } from '../kernel/errors.js';
import { aggregate, type Bar, type BarSize, type BarSource } from './bars.js';
import {
  dayAt,
  dayMs,
  dayOfIndex,
  hoursOf,
  inRegularHours,
  isTradingDay,
} from './exchange-hours.js';
import { marketDataTexts } from './market-data-texts.js';
import type { Instrument } from './model.js';
import { firstAtOrAfter, traitsOf, type PricePath } from './price-path.js';

/** The most bars one history request answers (the most recent ones). */
export const maxBars = 1000;

type PeriodUnit = 'min' | 'h' | 'd' | 'w' | 'm' | 'y';

/** The largest count per period unit the service takes. */
const periodLimits: Record<PeriodUnit, number> = { min: 30, h: 8, d: 1000, w: 792, m: 182, y: 15 };

export interface Period {
  count: number;
  unit: PeriodUnit;
}

const periodPattern = /^(\d+)\s*(min|h|d|w|m|y)$/i;
const barPattern = /^(\d+)\s*(s|secs?|mins?|h|hrs?|hours?|d|days?|w|weeks?|m|months?)$/i;

/** Reads a period such as `30min`, `2h`, `1d`, `1w`, `6m`, `1y`. */
export function parsePeriod(text: string): Period {
  const match = periodPattern.exec(text.trim());
  const unit = match?.[2]?.toLowerCase() as PeriodUnit | undefined;
  const count = Number(match?.[1]);
  if (!unit || count < 1 || count > periodLimits[unit]) {
    throw badRequest(marketDataTexts.invalidPeriod(text));
  }
  return { count, unit };
}

/** Reads a bar size such as `30S`, `1min`, `5min`, `1h`, `1d`, `1w`, `1m`. */
export function parseBarSize(text: string): BarSize {
  const match = barPattern.exec(text.trim());
  const count = Number(match?.[1]);
  const word = match?.[2]?.toLowerCase() ?? '';
  const unit = (
    word.startsWith('s')
      ? 'S'
      : word.startsWith('mi')
        ? 'min'
        : word.startsWith('h')
          ? 'h'
          : word.startsWith('d')
            ? 'd'
            : word.startsWith('w')
              ? 'w'
              : word.startsWith('m')
                ? 'm'
                : undefined
  ) as BarSize['unit'] | undefined;
  if (!unit || !(count >= 1)) throw badRequest(marketDataTexts.invalidBar(text));
  return { count, unit };
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
  bars: Bar[];
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
  const hours = hoursOf(instrument.exchange);
  const inInterval = ticks.slice(firstAtOrAfter(ticks, from), firstAtOrAfter(ticks, end + 1));
  const traded = request.outsideRth
    ? inInterval
    : inInterval.filter((tick) => inRegularHours(hours, tick.t));
  const bars = aggregate(traded, request.bar, hours, traitsOf(instrument), request.source);
  return { bars: bars.slice(-maxBars), from, to: end };
}

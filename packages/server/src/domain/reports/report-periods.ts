import { badRequest } from '../kernel/errors.js';
import { transactionHistoryDays } from '../orders/trades.js';
import { dayOf, dayOfYmd, isBusinessDay, ymd } from '../portfolio/calendar.js';

/** The periods reports cover, in whole UTC days (`calendar.ts` days), as the trades operations
 * count them; written `YYYYMMDD`, `YYYYMM` or `YYYY` on the wire. */

export interface DaySpan {
  firstDay: number;
  lastDay: number;
}

/** What the brokerage still keeps: the executions of the portfolio analyst's history, the
 * current day and the `transactionHistoryDays - 1` before it. */
export function keptSpan(now: number): DaySpan {
  const lastDay = dayOf(now);
  return { firstDay: lastDay - (transactionHistoryDays - 1), lastDay };
}

/** The days of a span, oldest first. */
export function daysOf(span: DaySpan): number[] {
  return Array.from(
    { length: span.lastDay - span.firstDay + 1 },
    (_, index) => span.firstDay + index,
  );
}

/** The first business day on or after `day`. */
export function businessDayFrom(day: number): number {
  let candidate = day;
  while (!isBusinessDay(candidate)) candidate++;
  return candidate;
}

const units = { 8: 'day', 6: 'month', 4: 'year' } as const;
type Unit = (typeof units)[keyof typeof units];

/** The first and last day of a `YYYYMMDD`, `YYYYMM` or `YYYY` text; undefined when it names no
 * real day, month or year. */
function unitSpan(text: string, unit: Unit): DaySpan | undefined {
  const year = Number(text.slice(0, 4));
  if (unit === 'year')
    return { firstDay: dayOfYmd(year * 10000 + 101), lastDay: dayOfYmd(year * 10000 + 1231) };
  const month = Number(text.slice(4, 6));
  if (month < 1 || month > 12) return undefined;
  if (unit === 'month') {
    const firstDay = dayOfYmd(year * 10000 + month * 100 + 1);
    return { firstDay, lastDay: dayOf(Date.UTC(year, month, 0)) };
  }
  const day = dayOfYmd(Number(text));
  return ymd(day) === text ? { firstDay: day, lastDay: day } : undefined;
}

/** The text of `day` in a unit: `YYYYMMDD`, `YYYYMM` or `YYYY`. */
const unitText = (day: number, unit: Unit) =>
  ymd(day).slice(0, unit === 'day' ? 8 : unit === 'month' ? 6 : 4);

/** The days a request's `startDate` and `endDate` cover within `available`: both of one unit
 * (days, months or years), in order, and within the units the available span touches (a month
 * or year the span starts or ends in is covered as far as the span goes). */
export function requestedSpan(
  startDate: string,
  endDate: string,
  available: DaySpan,
  what: string,
): DaySpan {
  const unit = units[startDate.length as keyof typeof units] as Unit | undefined;
  if (!unit || endDate.length !== startDate.length)
    throw badRequest(
      'startDate and endDate must both be days (YYYYMMDD), months (YYYYMM) or years (YYYY)',
    );
  const start = unitSpan(startDate, unit);
  const end = unitSpan(endDate, unit);
  if (!start) throw badRequest(`startDate ${startDate} is not a ${unit}`);
  if (!end) throw badRequest(`endDate ${endDate} is not a ${unit}`);
  if (endDate < startDate) throw badRequest(`endDate ${endDate} is before startDate ${startDate}`);
  const first = unitText(available.firstDay, unit);
  const last = unitText(available.lastDay, unit);
  if (startDate < first || endDate > last)
    throw badRequest(`${what} are available from ${first} to ${last}`);
  return {
    firstDay: Math.max(start.firstDay, available.firstDay),
    lastDay: Math.min(end.lastDay, available.lastDay),
  };
}

/** `YYYY-MM-DD` of a day. */
export const isoDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** A report's period: the span's first and last day. */
export const periodOf = (span: DaySpan) => ({
  from: isoDay(span.firstDay),
  to: isoDay(span.lastDay),
});

import type { Schema } from '@brokerage/types';
import { monthsBefore, ym, ymd } from './calendar.js';
import type { NavPoint } from './nav-history.js';
import { roundTo } from '../kernel/money.js';

export type Period = Schema<'PerformancePeriod'>;

/** The periods of the all-periods answer, in the service's order. */
export const allPeriods: readonly Period[] = ['1D', '7D', 'MTD', '1M', '3M', '6M', 'YTD', '1Y'];

const monthsOfPeriod: Partial<Record<Period, number>> = {
  '1M': 1,
  '3M': 3,
  '6M': 6,
  '12M': 12,
  '1Y': 12,
};

/** An account's history over one period, and the close before it (`startNAV`). */
export interface PeriodSlice {
  points: NavPoint[];
  start: NavPoint;
}

/** Whether a day belongs to the period that ends on `end`. */
function inPeriod(period: Period, day: number, end: number): boolean {
  const months = monthsOfPeriod[period];
  if (months !== undefined) return day >= monthsBefore(end, months);
  switch (period) {
    case '1D':
      return day === end;
    case '7D':
      return day > end - 7;
    case 'MTD':
      return ym(day) === ym(end);
    default:
      return ymd(day).slice(0, 4) === ymd(end).slice(0, 4);
  }
}

/** The points of `history` (oldest first, at least one) in the period ending on its last day. */
export function sliceOf(history: NavPoint[], period: Period): PeriodSlice {
  const last = history[history.length - 1] as NavPoint;
  let first = history.findIndex((point) => inPeriod(period, point.day, last.day));
  if (first <= 0) first = Math.min(1, history.length - 1);
  return { points: history.slice(first), start: history[first - 1] ?? last };
}

const startNavOf = (slice: PeriodSlice): Schema<'StartNav'> => ({
  date: ymd(slice.start.day),
  val: slice.start.nav,
});

/** Cumulative return from the period's start to each point. */
const cumulativeReturns = (slice: PeriodSlice) =>
  slice.points.map((point) => roundTo(point.nav / slice.start.nav - 1, 4));

/** Return of each month of the slice: its last close over the previous month's (or the start). */
function monthlyReturns(slice: PeriodSlice): { months: string[]; returns: number[] } {
  const months: string[] = [];
  const returns: number[] = [];
  let reference = slice.start.nav;
  slice.points.forEach((point, index) => {
    const next = slice.points[index + 1];
    if (next && ym(next.day) === ym(point.day)) return;
    months.push(ym(point.day));
    returns.push(roundTo(point.nav / reference - 1, 4));
    reference = point.nav;
  });
  return { months, returns };
}

export interface AccountHistory {
  accountId: string;
  baseCurrency: string;
  history: NavPoint[];
}

/** The performance answer (`Performance`) for one period: NAV, cumulative and monthly returns,
 * one series per account. */
export function performance(accounts: AccountHistory[], period: Period): Schema<'Performance'> {
  const slices = accounts.map((account) => ({ account, slice: sliceOf(account.history, period) }));
  const first = slices[0];
  const dates = first ? first.slice.points.map((point) => ymd(point.day)) : [];
  const monthly = first ? monthlyReturns(first.slice) : { months: [], returns: [] };
  const seriesOf = ({ account, slice }: (typeof slices)[number]) => ({
    idType: 'acctid',
    start: ymd(slice.points[0]?.day ?? slice.start.day),
    end: ymd(slice.points[slice.points.length - 1]?.day ?? slice.start.day),
    id: account.accountId,
    baseCurrency: account.baseCurrency,
  });
  return {
    currencyType: 'base',
    rc: 0,
    nav: {
      data: slices.map((entry) => ({
        ...seriesOf(entry),
        navs: entry.slice.points.map((point) => point.nav),
        startNAV: startNavOf(entry.slice),
      })),
      freq: 'D',
      dates,
    },
    nd: first?.account.history.length ?? 0,
    cps: {
      data: slices.map((entry) => ({
        ...seriesOf(entry),
        returns: cumulativeReturns(entry.slice),
      })),
      freq: 'D',
      dates,
    },
    tpps: {
      data: slices.map((entry) => ({
        ...seriesOf(entry),
        returns: monthlyReturns(entry.slice).returns,
      })),
      freq: 'M',
      dates: monthly.months,
    },
    id: 'getPerformanceData',
    included: accounts.map((account) => account.accountId),
    pm: 'TWR',
  };
}

/** The all-periods answer (`AllPerformancePeriods`): every period of every account, keyed by
 * account; `updatedAt` is when the history was read, `YYYY-MM-DD HH:mm:ss` (UTC). */
export function allPeriodsPerformance(
  accounts: AccountHistory[],
  updatedAt: string,
): Schema<'AllPeriodsPerformance'> {
  const byAccount = Object.fromEntries(
    accounts.map((account) => {
      const { history } = account;
      const periods = Object.fromEntries(
        allPeriods.map((period) => {
          const slice = sliceOf(history, period);
          return [
            period,
            {
              nav: slice.points.map((point) => point.nav),
              cps: cumulativeReturns(slice),
              dates: slice.points.map((point) => ymd(point.day)),
              freq: 'D',
              startNAV: startNavOf(slice),
            },
          ];
        }),
      );
      return [
        account.accountId,
        {
          lastSuccessfulUpdate: updatedAt,
          start: ymd(history[0]?.day ?? 0),
          end: ymd(history[history.length - 1]?.day ?? 0),
          periods: [...allPeriods],
          baseCurrency: account.baseCurrency,
          ...periods,
        },
      ];
    }),
  );
  // The answer's own fields beside keys by account: the generated type intersects both, which
  // no object literal satisfies, so the whole answer is asserted once here.
  return {
    currencyType: 'base',
    rc: 0,
    view: accounts.map((account) => account.accountId),
    nd: accounts[0]?.history.length ?? 0,
    id: 'getPerformanceAllPeriods',
    included: accounts.map((account) => account.accountId),
    pm: 'TWR',
    ...byAccount,
  } as Schema<'AllPeriodsPerformance'>;
}

import type { Dividend, DividendSchedule } from './model.js';
import { cents } from '../kernel/money.js';
import { dayMs } from '../kernel/time-format.js';

/** When a dividend's dates take effect on the clock: the start (UTC) of its ex-date (positions
 * held then are owed it) and of its pay date (the cash arrives). */
export const exTime = (dividend: Dividend) => Date.parse(`${dividend.exDate}T00:00:00Z`);
export const payTime = (dividend: Dividend) => Date.parse(`${dividend.payDate}T00:00:00Z`);

const isoDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

/** The dividends a schedule declares with an ex-date in the UTC years `fromYear` to `toYear`. */
export function scheduledDividends(
  schedule: DividendSchedule,
  fromYear: number,
  toYear: number,
): Dividend[] {
  const dividends: Dividend[] = [];
  for (let year = fromYear; year <= toYear; year++) {
    for (const month of schedule.months) {
      const ex = Date.UTC(year, month - 1, schedule.exDay);
      const exDate = isoDay(ex);
      dividends.push({
        id: `${schedule.conid}-${exDate.replaceAll('-', '')}`,
        conid: schedule.conid,
        isin: schedule.isin,
        country: schedule.country,
        perShare: schedule.perShare,
        currency: schedule.currency,
        declaredDate: isoDay(ex - schedule.declaredDaysBefore * dayMs),
        exDate,
        payDate: isoDay(ex + schedule.payDaysAfter * dayMs),
        withholdingRate: schedule.withholdingRate,
      });
    }
  }
  return dividends;
}

/** What `quantity` shares receive of a dividend, to the cent: the gross (per share × shares,
 * computed in millionths so that 100 × 0.26 is 26.00 exactly), what the issuer's country
 * withholds, and the net that reaches the cash. */
export function amountsOf(
  dividend: Pick<Dividend, 'perShare' | 'withholdingRate'>,
  quantity: number,
): { gross: number; withheld: number; net: number } {
  const gross = cents((Math.round(dividend.perShare * 1e6) * quantity) / 1e6);
  const withheld = cents(gross * dividend.withholdingRate);
  return { gross, withheld, net: cents(gross - withheld) };
}

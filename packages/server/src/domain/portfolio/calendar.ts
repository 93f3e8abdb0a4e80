/** Days as the portfolio analyst counts them: whole UTC days since the epoch, business days
 * Monday to Friday, written `YYYYMMDD` (or `YYYYMM` for months) on the wire. */

export const dayMs = 24 * 60 * 60_000;

export const dayOf = (epochMs: number) => Math.floor(epochMs / dayMs);

export function isBusinessDay(day: number): boolean {
  const weekday = new Date(day * dayMs).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** `YYYYMMDD` of a day. */
export const ymd = (day: number) =>
  new Date(day * dayMs).toISOString().slice(0, 10).replaceAll('-', '');

/** The day of a `YYYYMMDD` integer. */
export const dayOfYmd = (date: number) =>
  dayOf(Date.UTC(Math.floor(date / 10000), (Math.floor(date / 100) % 100) - 1, date % 100));

/** `YYYYMM` of a day's month. */
export const ym = (day: number) => ymd(day).slice(0, 6);

/** The same day `months` months earlier (the month's last day when it is shorter). */
export function monthsBefore(day: number, months: number): number {
  const date = new Date(day * dayMs);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return dayOf(target.getTime());
}

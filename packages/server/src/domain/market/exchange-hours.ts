import { dayMs } from '../kernel/time-format.js';

/** Trading hours per exchange: when the price path has trades, and which of them are in the
 * regular session. Hours are minutes from local midnight, Monday to Friday, except holidays. */
export interface ExchangeHours {
  timeZone: string;
  /** Local dates (`YYYY-MM-DD`) the exchange is closed on a weekday: no trades, no bars. */
  holidays: ReadonlySet<string>;
  /** Regular trading hours: [open, close) in minutes from local midnight. */
  regular: readonly [number, number];
  /** Trading hours including the sessions outside regular hours; contains `regular`. */
  extended: readonly [number, number];
}

/** Full-day closures, 2024-2027: NYSE and Nasdaq (also applied to CME, which closes or trades
 * a shortened session without settlement on them), Xetra, and the Mexican exchange. */
const usHolidays = new Set([
  ...['2024-01-01', '2024-01-15', '2024-02-19', '2024-03-29', '2024-05-27', '2024-06-19'],
  ...['2024-07-04', '2024-09-02', '2024-11-28', '2024-12-25'],
  ...['2025-01-01', '2025-01-20', '2025-02-17', '2025-04-18', '2025-05-26', '2025-06-19'],
  ...['2025-07-04', '2025-09-01', '2025-11-27', '2025-12-25'],
  ...['2026-01-01', '2026-01-19', '2026-02-16', '2026-04-03', '2026-05-25', '2026-06-19'],
  ...['2026-07-03', '2026-09-07', '2026-11-26', '2026-12-25'],
  ...['2027-01-01', '2027-01-18', '2027-02-15', '2027-03-26', '2027-05-31', '2027-06-18'],
  ...['2027-07-05', '2027-09-06', '2027-11-25', '2027-12-24'],
]);
const xetraHolidays = new Set([
  ...['2024-01-01', '2024-03-29', '2024-04-01', '2024-05-01', '2024-12-24', '2024-12-25'],
  ...['2024-12-26', '2024-12-31', '2025-01-01', '2025-04-18', '2025-04-21', '2025-05-01'],
  ...['2025-12-24', '2025-12-25', '2025-12-26', '2025-12-31', '2026-01-01', '2026-04-03'],
  ...['2026-04-06', '2026-05-01', '2026-12-24', '2026-12-25', '2026-12-31', '2027-01-01'],
  ...['2027-03-26', '2027-03-29', '2027-12-24', '2027-12-31'],
]);
const mexicoHolidays = new Set([
  ...['2024-01-01', '2024-02-05', '2024-03-18', '2024-03-28', '2024-03-29', '2024-05-01'],
  ...['2024-09-16', '2024-11-18', '2024-12-12', '2024-12-25', '2025-01-01', '2025-02-03'],
  ...['2025-03-17', '2025-04-17', '2025-04-18', '2025-05-01', '2025-09-16', '2025-11-17'],
  ...['2025-12-12', '2025-12-25', '2026-01-01', '2026-02-02', '2026-03-16', '2026-04-02'],
  ...['2026-04-03', '2026-05-01', '2026-09-16', '2026-11-16', '2026-12-25', '2027-01-01'],
  ...['2027-02-01', '2027-03-15', '2027-03-25', '2027-03-26', '2027-09-16', '2027-11-15'],
]);
const none: ReadonlySet<string> = new Set();

const usEquities: ExchangeHours = {
  timeZone: 'America/New_York',
  holidays: usHolidays,
  regular: [570, 960],
  extended: [240, 1200],
};
const roundTheClock: ExchangeHours = {
  timeZone: 'America/New_York',
  holidays: none,
  regular: [0, 1440],
  extended: [0, 1440],
};

const hoursByExchange: Record<string, ExchangeHours> = {
  NASDAQ: usEquities,
  NYSE: usEquities,
  MEXI: {
    timeZone: 'America/Mexico_City',
    holidays: mexicoHolidays,
    regular: [510, 900],
    extended: [510, 900],
  },
  IBIS: {
    timeZone: 'Europe/Berlin',
    holidays: xetraHolidays,
    regular: [540, 1050],
    extended: [480, 1320],
  },
  CME: {
    timeZone: 'America/Chicago',
    holidays: usHolidays,
    regular: [510, 915],
    extended: [0, 960],
  },
  IDEALPRO: roundTheClock,
  FORECASTX: roundTheClock,
};

/** The hours of `exchange` (US equity hours for an exchange the table does not know). */
export const hoursOf = (exchange: string): ExchangeHours => hoursByExchange[exchange] ?? usEquities;

export { dayMs };
const minuteMs = 60_000;

/** One local calendar day of an exchange, with its sessions as epoch milliseconds. */
export interface TradingDay {
  /** Days since 1970-01-01 of the local date: the day's key. */
  index: number;
  /** Day of the week, 0 = Sunday. */
  weekday: number;
  /** The exchange is closed all day (a holiday). */
  holiday: boolean;
  regularOpen: number;
  regularClose: number;
  extendedOpen: number;
  extendedClose: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Offsets by zone, then by hour since the epoch: numeric keys, as every trade is looked up. */
const offsetCache = new Map<string, Map<number, number>>();
const hourMs = 3_600_000;

/** Milliseconds the zone's wall clock is ahead of UTC at `epochMs` (zones change their offset on
 * the hour: one look-up per zone and hour). A UTC day's hours are filled at once: when the offset
 * is the same at its start and at the next day's, it held all day (zones switch at most once a
 * day), so most days cost two conversions rather than 24. */
function utcOffsetMs(timeZone: string, epochMs: number): number {
  let offsets = offsetCache.get(timeZone);
  if (!offsets) {
    offsets = new Map();
    offsetCache.set(timeZone, offsets);
  }
  const hour = Math.floor(epochMs / hourMs);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const first = Math.floor(hour / 24) * 24;
    const start = zoneOffsetMs(timeZone, first * hourMs);
    const steady = start === zoneOffsetMs(timeZone, (first + 24) * hourMs);
    for (let each = first; each < first + 24; each++) {
      offsets.set(each, steady ? start : zoneOffsetMs(timeZone, each * hourMs));
    }
    offset = offsets.get(hour) as number;
  }
  return offset;
}

function zoneOffsetMs(timeZone: string, epochMs: number): number {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  const part = Object.fromEntries(
    formatter.formatToParts(epochMs).map(({ type, value }) => [type, Number(value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(
    part.year ?? 1970,
    (part.month ?? 1) - 1,
    part.day ?? 1,
    part.hour ?? 0,
    part.minute ?? 0,
    part.second ?? 0,
  );
  return wall - epochMs;
}

/** Days by exchange hours, then by day index. */
const dayCache = new WeakMap<ExchangeHours, Map<number, TradingDay>>();

/** The exchange's local day with index `index` (its sessions as UTC times). */
export function dayOfIndex(hours: ExchangeHours, index: number): TradingDay {
  let days = dayCache.get(hours);
  if (!days) {
    days = new Map();
    dayCache.set(hours, days);
  }
  let day = days.get(index);
  if (!day) {
    // The offset at midday UTC of the date: clear of the night-time daylight-saving switches.
    const midnight = index * dayMs - utcOffsetMs(hours.timeZone, index * dayMs + dayMs / 2);
    const at = (minutes: number) => midnight + minutes * minuteMs;
    day = {
      index,
      weekday: (index + 4) % 7,
      holiday: hours.holidays.has(new Date(index * dayMs).toISOString().slice(0, 10)),
      regularOpen: at(hours.regular[0]),
      regularClose: at(hours.regular[1]),
      extendedOpen: at(hours.extended[0]),
      extendedClose: at(hours.extended[1]),
    };
    days.set(index, day);
  }
  return day;
}

/** The epoch milliseconds of a wall-clock time of `timeZone` (`wallMs`: the wall clock's date and
 * time read as if UTC). In the hour a daylight-saving switch skips, the time after it. */
export function epochOfLocalTime(timeZone: string, wallMs: number): number {
  const guess = wallMs - utcOffsetMs(timeZone, wallMs);
  return wallMs - utcOffsetMs(timeZone, guess);
}

/** The exchange's local day that contains `epochMs`. */
export const dayAt = (hours: ExchangeHours, epochMs: number): TradingDay =>
  dayOfIndex(hours, Math.floor((epochMs + utcOffsetMs(hours.timeZone, epochMs)) / dayMs));

export const isTradingDay = (day: TradingDay): boolean =>
  day.weekday >= 1 && day.weekday <= 5 && !day.holiday;

/** Whether `epochMs` falls in a regular session of the exchange. */
export const inRegularHours = (hours: ExchangeHours, epochMs: number): boolean =>
  inSession(dayAt(hours, epochMs), epochMs);

/** Whether `epochMs` falls in the regular session of `day`. */
export const inSession = (day: TradingDay, epochMs: number): boolean =>
  isTradingDay(day) && epochMs >= day.regularOpen && epochMs < day.regularClose;

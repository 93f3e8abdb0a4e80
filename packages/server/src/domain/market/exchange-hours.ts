import { dayMs } from '../kernel/time-format.js';

/** Trading hours per exchange: when the price path has trades, and which of them are in the
 * regular session. Hours are minutes from local midnight, Monday to Friday (no holidays). */
export interface ExchangeHours {
  timeZone: string;
  /** Regular trading hours: [open, close) in minutes from local midnight. */
  regular: readonly [number, number];
  /** Trading hours including the sessions outside regular hours; contains `regular`. */
  extended: readonly [number, number];
}

const usEquities: ExchangeHours = {
  timeZone: 'America/New_York',
  regular: [570, 960],
  extended: [240, 1200],
};
const roundTheClock: ExchangeHours = {
  timeZone: 'America/New_York',
  regular: [0, 1440],
  extended: [0, 1440],
};

const hoursByExchange: Record<string, ExchangeHours> = {
  NASDAQ: usEquities,
  NYSE: usEquities,
  MEXI: { timeZone: 'America/Mexico_City', regular: [510, 900], extended: [510, 900] },
  IBIS: { timeZone: 'Europe/Berlin', regular: [540, 1050], extended: [480, 1320] },
  CME: { timeZone: 'America/Chicago', regular: [510, 915], extended: [0, 960] },
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
 * the hour: one look-up per zone and hour). */
function utcOffsetMs(timeZone: string, epochMs: number): number {
  let offsets = offsetCache.get(timeZone);
  if (!offsets) {
    offsets = new Map();
    offsetCache.set(timeZone, offsets);
  }
  const hour = Math.floor(epochMs / hourMs);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    offset = zoneOffsetMs(timeZone, hour * hourMs);
    offsets.set(hour, offset);
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
      regularOpen: at(hours.regular[0]),
      regularClose: at(hours.regular[1]),
      extendedOpen: at(hours.extended[0]),
      extendedClose: at(hours.extended[1]),
    };
    days.set(index, day);
  }
  return day;
}

/** The exchange's local day that contains `epochMs`. */
export const dayAt = (hours: ExchangeHours, epochMs: number): TradingDay =>
  dayOfIndex(hours, Math.floor((epochMs + utcOffsetMs(hours.timeZone, epochMs)) / dayMs));

export const isTradingDay = (day: TradingDay): boolean => day.weekday >= 1 && day.weekday <= 5;

/** Whether `epochMs` falls in a regular session of the exchange. */
export function inRegularHours(hours: ExchangeHours, epochMs: number): boolean {
  const day = dayAt(hours, epochMs);
  return isTradingDay(day) && epochMs >= day.regularOpen && epochMs < day.regularClose;
}

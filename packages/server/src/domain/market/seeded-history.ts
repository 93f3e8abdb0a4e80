// The seeded history of an instrument: the trades before its first recorded one, a random walk
// run backwards from that trade's price, with the day state after each trade.
import { dropOldest } from '../kernel/bounded-map.js';
import { SeededRandom } from '../kernel/random.js';
import {
  dayMs,
  dayOfIndex,
  dayAt,
  hoursOf,
  inSession,
  isTradingDay,
  type ExchangeHours,
  type TradingDay,
} from './exchange-hours.js';
import type { Instrument } from './model.js';
import { onGrid, traitsOf } from './price-traits.js';

/** One trade of the price path. */
export interface Tick {
  /** Epoch milliseconds. */
  t: number;
  price: number;
  /** Quantity traded (shares, contracts, units of the base currency). */
  size: number;
}

/** Calendar days of seeded history before the first recorded trade (a year of daily bars). */
export const historyDays = 370;
/** The most recent days of seeded history have a trade every minute; older days every 15. */
const minuteDetailDays = 10;
export const minuteMs = 60_000;

/** The seeded trades before `anchor` (the first recorded trade), oldest first: a random walk run
 * backwards from the anchor's price, a trade per slot of the exchange's extended hours on
 * weekdays, with a gap between days. The same seed, instrument and anchor give the same trades. */
export function seededHistory(seed: number, instrument: Instrument, anchor: Tick): Tick[] {
  const traits = traitsOf(instrument);
  const hours = hoursOf(instrument.exchange);
  const random = new SeededRandom((Math.imul(seed, 0x9e3779b1) ^ instrument.conid) >>> 0);
  const regularMs = (hours.regular[1] - hours.regular[0]) * minuteMs;
  const uniform = (sigma: number) => (random.next() * 2 - 1) * sigma * Math.sqrt(3);
  const earliest = anchor.t - historyDays * dayMs;
  const ticks: Tick[] = [];
  let value = anchor.price;
  for (let index = dayAt(hours, anchor.t).index; ; index--) {
    const day = dayOfIndex(hours, index);
    if (day.extendedClose <= earliest) break;
    if (!isTradingDay(day)) continue;
    const spacing =
      anchor.t - day.extendedOpen <= minuteDetailDays * dayMs ? minuteMs : 15 * minuteMs;
    const sigma = traits.dailyVolatility * Math.sqrt(spacing / regularMs);
    const end = Math.min(day.extendedClose, anchor.t);
    for (
      let t = day.extendedOpen + Math.ceil((end - day.extendedOpen) / spacing - 1) * spacing;
      t >= day.extendedOpen;
      t -= spacing
    ) {
      ticks.push({ t, price: onGrid(traits, value), size: random.int(1, 20) * traits.lot });
      value = Math.min(traits.ceiling, value / (1 + uniform(sigma)));
    }
    value = Math.min(traits.ceiling, value / (1 + uniform(traits.dailyVolatility * 0.3)));
  }
  return ticks.reverse();
}

/** The state of an instrument's trading day after one trade: what a snapshot reads, kept with
 * every trade so that the market at any time is one look-up, however many trades there are. */
export interface DayState {
  /** Local day index (`TradingDay.index`) whose session the trade is in; -1 for a trade before
   * its day's first session (such trades count toward no day). */
  day: number;
  /** Regular-hours open, high and low of the day so far. */
  open: number | undefined;
  high: number | undefined;
  low: number | undefined;
  /** Quantity and number of trades of the day so far, all sessions. */
  volume: number;
  trades: number;
  /** The last regular-hours trade before the day. */
  priorClose: number | undefined;
  /** The last regular-hours trade so far, whatever its day. */
  lastRegular: number | undefined;
}

/** The day state after `tick`, from the state after the trade before it; `calendarDay` is the
 * local day holding the trade, `regular` whether it is in that day's regular session. */
function nextDayState(
  previous: DayState | undefined,
  tick: Tick,
  calendarDay: TradingDay,
  regular: boolean,
): DayState {
  const day =
    tick.t >= Math.min(calendarDay.extendedOpen, calendarDay.regularOpen) ? calendarDay.index : -1;
  const state: DayState =
    previous?.day === day && day !== -1
      ? { ...previous }
      : {
          day,
          open: undefined,
          high: undefined,
          low: undefined,
          volume: 0,
          trades: 0,
          priorClose: previous?.lastRegular,
          lastRegular: previous?.lastRegular,
        };
  if (day === -1) return state;
  state.volume += tick.size;
  state.trades += 1;
  if (regular) {
    state.open ??= tick.price;
    state.high = Math.max(state.high ?? tick.price, tick.price);
    state.low = Math.min(state.low ?? tick.price, tick.price);
    state.lastRegular = tick.price;
  }
  return state;
}

/** Regular-hours high and low of one local day. */
export interface DayRange {
  high: number;
  low: number;
}

/** An instrument's path as kept: trades oldest first, the day state after each, and each day's
 * regular-hours range (for the 52-week range). */
export interface PathData {
  ticks: Tick[];
  states: DayState[];
  ranges: Map<number, DayRange>;
}

export function appendTo(path: PathData, hours: ExchangeHours, tick: Tick): void {
  const calendarDay = dayAt(hours, tick.t);
  const regular = inSession(calendarDay, tick.t);
  path.ticks.push(tick);
  path.states.push(nextDayState(path.states.at(-1), tick, calendarDay, regular));
  if (!regular) return;
  const range = path.ranges.get(calendarDay.index);
  if (range) {
    range.high = Math.max(range.high, tick.price);
    range.low = Math.min(range.low, tick.price);
  } else {
    path.ranges.set(calendarDay.index, { high: tick.price, low: tick.price });
  }
}

/** Seeded histories already generated (with their day states), by seed, conid and anchor: they
 * are pure functions of those, so every market of the process shares them (a reset or another
 * server on the same seed finds them ready). The oldest are dropped beyond `cachedHistories`. */
const histories = new Map<string, Readonly<PathData>>();
const cachedHistories = 256;

export function cachedHistory(
  seed: number,
  instrument: Instrument,
  anchor: Tick,
): Readonly<PathData> {
  const key = `${seed}|${instrument.conid}|${instrument.exchange}|${anchor.t}|${anchor.price}`;
  let history = histories.get(key);
  if (!history) {
    const hours = hoursOf(instrument.exchange);
    const path: PathData = { ticks: [], states: [], ranges: new Map() };
    for (const tick of seededHistory(seed, instrument, anchor)) appendTo(path, hours, tick);
    history = path;
    histories.set(key, history);
    dropOldest(histories, cachedHistories);
  }
  return history;
}

import { dayMs } from '../kernel/time-format.js';
import { dayAt, hoursOf, inRegularHours } from './exchange-hours.js';
import type { Instrument } from './model.js';
import { firstAtOrAfter, traitsOf, type PriceTraits, type Tick } from './price-path.js';
import { quoteAt, type Quote } from './quotes.js';

/** An instrument's market at one time, read from its price path: what snapshots are made of. */
export interface MarketState {
  traits: PriceTraits;
  /** The latest trade at or before the time. */
  last: Tick;
  quote: Quote;
  /** No trade yet on the current local day: the last price is the previous close. */
  noTradeToday: boolean;
  /** Close of the last regular session before the current day; undefined without one. */
  priorClose: number | undefined;
  /** Regular-hours open, high and low of the current day; undefined before the first trade. */
  open: number | undefined;
  high: number | undefined;
  low: number | undefined;
  /** Quantity traded on the current local day, all sessions. */
  volume: number;
  /** Trades on the current local day, all sessions. */
  trades: number;
  /** Highest and lowest regular-hours trade of the last 52 weeks. */
  high52Weeks: number;
  low52Weeks: number;
}

/** The market of `instrument` as of `asOf`, from its path (oldest first); undefined without
 * trades by then. */
export function marketStateAt(
  instrument: Instrument,
  ticks: readonly Tick[],
  asOf: number,
): MarketState | undefined {
  const end = firstAtOrAfter(ticks, asOf + 1);
  const last = ticks[end - 1];
  if (!last) return undefined;
  const hours = hoursOf(instrument.exchange);
  const traits = traitsOf(instrument);
  const today = dayAt(hours, asOf);
  const todayStart = firstAtOrAfter(ticks, Math.min(today.extendedOpen, today.regularOpen));
  let priorClose: number | undefined;
  for (let index = todayStart - 1; index >= 0; index--) {
    const tick = ticks[index] as Tick;
    if (tick.t < today.regularOpen && inRegularHours(hours, tick.t)) {
      priorClose = tick.price;
      break;
    }
  }
  let open: number | undefined;
  let high: number | undefined;
  let low: number | undefined;
  let volume = 0;
  for (let index = todayStart; index < end; index++) {
    const tick = ticks[index] as Tick;
    volume += tick.size;
    if (!inRegularHours(hours, tick.t)) continue;
    open ??= tick.price;
    high = Math.max(high ?? tick.price, tick.price);
    low = Math.min(low ?? tick.price, tick.price);
  }
  let high52Weeks = last.price;
  let low52Weeks = last.price;
  for (let index = firstAtOrAfter(ticks, asOf - 364 * dayMs); index < end; index++) {
    const tick = ticks[index] as Tick;
    if (!inRegularHours(hours, tick.t)) continue;
    high52Weeks = Math.max(high52Weeks, tick.price);
    low52Weeks = Math.min(low52Weeks, tick.price);
  }
  return {
    traits,
    last,
    quote: quoteAt(traits, last),
    noTradeToday: todayStart >= end,
    priorClose,
    open,
    high,
    low,
    volume,
    trades: end - todayStart,
    high52Weeks,
    low52Weeks,
  };
}

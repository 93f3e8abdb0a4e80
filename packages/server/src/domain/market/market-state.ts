import { dayAt, hoursOf } from './exchange-hours.js';
import type { Instrument } from './model.js';
import type { PricePath } from './price-path.js';
import { traitsOf, type PriceTraits } from './price-traits.js';
import type { Tick } from './seeded-history.js';
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
  /** Highest and lowest regular-hours trade of the last 52 weeks (whole local days). */
  high52Weeks: number;
  low52Weeks: number;
}

/** The market of `instrument` as of `asOf`, from its path; undefined without trades by then.
 * A few look-ups, whatever the number of trades: the day's figures are kept with every trade. */
export function marketStateAt(
  instrument: Instrument,
  path: PricePath,
  asOf: number,
): MarketState | undefined {
  const found = path.stateAt(instrument, asOf);
  if (!found) return undefined;
  const { last, day } = found;
  const traits = traitsOf(instrument);
  const today = dayAt(hoursOf(instrument.exchange), asOf).index;
  const traded = day.day === today;
  const range = path.yearRange(instrument, today, {
    high: Math.max(last.price, (traded ? day.high : undefined) ?? last.price),
    low: Math.min(last.price, (traded ? day.low : undefined) ?? last.price),
  });
  return {
    traits,
    last,
    quote: quoteAt(traits, last),
    noTradeToday: !traded,
    priorClose: traded ? day.priorClose : day.lastRegular,
    open: traded ? day.open : undefined,
    high: traded ? day.high : undefined,
    low: traded ? day.low : undefined,
    volume: traded ? day.volume : 0,
    trades: traded ? day.trades : 0,
    high52Weeks: range.high,
    low52Weeks: range.low,
  };
}

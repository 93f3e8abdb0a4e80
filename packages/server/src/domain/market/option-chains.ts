import { dayMs, dayOfIndex, hoursOf } from './exchange-hours.js';
import { monthLabel, yyyymmdd } from './market.js';
import type { Instrument, InstrumentCatalogue, OptionChainFixture } from './model.js';
import { valueOption, type OptionValuation } from './option-pricing.js';
import { onGrid, traitsOf } from './price-traits.js';

/** The routing of US stocks and options across their exchanges; listed options carry it as their exchange. */
export const smartRouting = 'SMART';
const optionMultiplier = 100;
const yearMs = 365 * dayMs;

/** Epoch milliseconds of midnight UTC of a YYYYMMDD date. */
const epochOf = (date: number) =>
  Date.UTC(Math.floor(date / 10000), (Math.floor(date / 100) % 100) - 1, date % 100);

/** The third Friday of a month (0-based; past 11 rolls into the next years), as YYYYMMDD: the
 * monthly options' expiry. */
function thirdFriday(year: number, month: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const firstFriday = 1 + ((5 - firstWeekday + 7) % 7);
  return yyyymmdd(Date.UTC(year, month, firstFriday + 14));
}

/** The next `count` monthly expiries on or after the date of `now`, nearest first. */
export function monthlyExpiries(now: number, count: number): number[] {
  const today = yyyymmdd(now);
  const start = new Date(now);
  const expiries: number[] = [];
  for (let offset = 0; expiries.length < count; offset++) {
    const expiry = thirdFriday(start.getUTCFullYear(), start.getUTCMonth() + offset);
    if (expiry >= today) expiries.push(expiry);
  }
  return expiries;
}

/** The strike nearest `price` on the chain's step, with `each` strikes on either side (only
 * positive strikes), ascending. */
export function strikesAround(price: number, step: number, each: number): number[] {
  const centre = Math.max(1, Math.round(price / step));
  const strikes: number[] = [];
  for (let offset = -each; offset <= each; offset++) {
    const steps = centre + offset;
    if (steps > 0) strikes.push(Number((steps * step).toFixed(4)));
  }
  return strikes;
}

/** A conid for the option: nine digits from 700000000, a hash of its terms (FNV-1a), so the same
 * option has the same conid on every server and run. */
export function optionConid(underlying: number, expiry: number, strike: number, right: string) {
  let hash = 0x811c9dc5;
  for (const char of `${underlying}|${expiry}|${strike}|${right}`) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  return 700_000_000 + (hash % 200_000_000);
}

/** The options of one chain: every listed month and strike, calls and puts. */
function chainInstruments(
  chain: OptionChainFixture,
  underlying: Instrument,
  spot: number,
  now: number,
): Instrument[] {
  const strikes = strikesAround(spot, chain.strikeStep, chain.strikesEachSide);
  return monthlyExpiries(now, chain.months).flatMap((expiry) =>
    strikes.flatMap((strike) =>
      (['C', 'P'] as const).map((right) => ({
        conid: optionConid(underlying.conid, expiry, strike, right),
        symbol: underlying.symbol,
        secType: 'OPT' as const,
        currency: underlying.currency,
        exchange: smartRouting,
        description: `${underlying.symbol} ${monthLabel(expiry)} ${strike} ${right}`,
        companyName: underlying.companyName,
        multiplier: optionMultiplier,
        expiration: expiry,
        option: {
          underlyingConid: underlying.conid,
          strike,
          right,
          volatility: chain.volatility,
        },
      })),
    ),
  );
}

/** The options the catalogue lists as of `now`: expiries from the clock's date, strikes around
 * each underlying's price (`spotOf`); a chain whose underlying is unknown or has no price lists
 * none. */
export function optionInstrumentsOf(
  catalogue: InstrumentCatalogue,
  instrumentOf: (conid: number) => Instrument | undefined,
  spotOf: (conid: number) => number | undefined,
  now: number,
): Instrument[] {
  return (catalogue.optionChains ?? []).flatMap((chain) => {
    const underlying = instrumentOf(chain.underlyingConid);
    const spot = spotOf(chain.underlyingConid);
    return underlying && spot !== undefined ? chainInstruments(chain, underlying, spot, now) : [];
  });
}

/** Epoch milliseconds of the regular close of the expiry day: when the option expires. */
function expiresAt(option: Instrument): number {
  const date = option.expiration ?? 0;
  return dayOfIndex(hoursOf(option.exchange), Math.round(epochOf(date) / dayMs)).regularClose;
}

/** The option's model price and sensitivities for the underlying at `spot` at time `now`. */
export function optionValuation(option: Instrument, spot: number, now: number): OptionValuation {
  const terms = option.option;
  if (!terms) throw new TypeError(`Contract ${option.conid} is not an option`);
  return valueOption({
    right: terms.right,
    spot,
    strike: terms.strike,
    years: (expiresAt(option) - now) / yearMs,
    volatility: terms.volatility,
  });
}

/** The option's price on its tick grid (at least one tick: a listed option is never free). */
export const optionPrice = (option: Instrument, spot: number, now: number): number =>
  onGrid(traitsOf(option), optionValuation(option, spot, now).price);

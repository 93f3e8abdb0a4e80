import type { Instrument } from './model.js';

/** How an instrument's prices move and round. */
export interface PriceTraits {
  /** Smallest price step. */
  increment: number;
  /** Decimals of `increment`: how prices are written. */
  decimals: number;
  /** Quantity of one round lot: trade sizes are whole lots. */
  lot: number;
  /** Typical daily move, as a fraction of the price. */
  dailyVolatility: number;
  /** Highest price the instrument can have (event contracts pay at most 1). */
  ceiling: number;
}

const traitsBySecType: Record<Instrument['secType'], Omit<PriceTraits, 'decimals'>> = {
  STK: { increment: 0.01, lot: 100, dailyVolatility: 0.018, ceiling: 10_000_000 },
  OPT: { increment: 0.01, lot: 1, dailyVolatility: 0.05, ceiling: 10_000_000 },
  FUT: { increment: 0.25, lot: 1, dailyVolatility: 0.012, ceiling: 10_000_000 },
  CASH: { increment: 0.0001, lot: 10_000, dailyVolatility: 0.005, ceiling: 10_000_000 },
  EVENT: { increment: 0.01, lot: 1, dailyVolatility: 0.03, ceiling: 0.99 },
};

/** The traits of each type with their decimals, worked out once (every trade reads them). */
const traitsWithDecimals = Object.fromEntries(
  Object.entries(traitsBySecType).map(([secType, traits]) => [
    secType,
    Object.freeze({
      ...traits,
      decimals: Math.max(0, -Math.floor(Math.log10(traits.increment))),
    }),
  ]),
) as Record<Instrument['secType'], Readonly<PriceTraits>>;

export function traitsOf(instrument: Pick<Instrument, 'secType'>): Readonly<PriceTraits> {
  return traitsWithDecimals[instrument.secType];
}

/** `value` on the instrument's grid of prices, within (0, ceiling]. */
export function onGrid(traits: PriceTraits, value: number): number {
  const steps = Math.min(
    Math.floor(traits.ceiling / traits.increment),
    Math.max(1, Math.round(value / traits.increment)),
  );
  return Number((steps * traits.increment).toFixed(traits.decimals));
}

/** Black-Scholes prices and sensitivities of European options on a stock without dividends. */

/** The risk-free rate the simulation prices options with (continuously compounded, per year). */
export const riskFreeRate = 0.04;

export interface OptionInputs {
  right: 'C' | 'P';
  /** Price of the underlying. */
  spot: number;
  strike: number;
  /** Time to expiry in years; at or below 0 the option is worth its intrinsic value. */
  years: number;
  /** Annualised volatility (0.28 for 28 %). */
  volatility: number;
  rate?: number;
}

export interface OptionValuation {
  price: number;
  /** Change of the price per unit change of the underlying's price. */
  delta: number;
  /** Change of delta per unit change of the underlying's price. */
  gamma: number;
  /** Change of the price per calendar day that passes. */
  theta: number;
  /** Change of the price per percentage point of volatility. */
  vega: number;
}

const daysPerYear = 365;

/** Standard normal density. */
const density = (x: number) => Math.exp(-(x * x) / 2) / Math.sqrt(2 * Math.PI);

/** Upper tail of the standard normal for x ≥ 0 (Abramowitz and Stegun 26.2.17, error < 7.5e-8). */
function upperTail(x: number): number {
  const t = 1 / (1 + 0.2316419 * x);
  const poly =
    t *
    (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return density(x) * poly;
}

/** Standard normal distribution function; symmetric by construction (N(x) + N(-x) = 1 exactly),
 * so put-call parity holds to rounding. */
export const normalCdf = (x: number): number => (x >= 0 ? 1 - upperTail(x) : upperTail(-x));

export function valueOption(inputs: OptionInputs): OptionValuation {
  const { right, spot, strike, years, volatility } = inputs;
  const rate = inputs.rate ?? riskFreeRate;
  if (years <= 0 || volatility <= 0) {
    const intrinsic = right === 'C' ? Math.max(0, spot - strike) : Math.max(0, strike - spot);
    const inTheMoney = intrinsic > 0;
    return {
      price: intrinsic,
      delta: inTheMoney ? (right === 'C' ? 1 : -1) : 0,
      gamma: 0,
      theta: 0,
      vega: 0,
    };
  }
  const root = Math.sqrt(years);
  const d1 =
    (Math.log(spot / strike) + (rate + (volatility * volatility) / 2) * years) /
    (volatility * root);
  const d2 = d1 - volatility * root;
  const discounted = strike * Math.exp(-rate * years);
  const decay = (-spot * density(d1) * volatility) / (2 * root);
  const call = right === 'C';
  return {
    price: call
      ? spot * normalCdf(d1) - discounted * normalCdf(d2)
      : discounted * normalCdf(-d2) - spot * normalCdf(-d1),
    delta: call ? normalCdf(d1) : normalCdf(d1) - 1,
    gamma: density(d1) / (spot * volatility * root),
    theta:
      (call
        ? decay - rate * discounted * normalCdf(d2)
        : decay + rate * discounted * normalCdf(-d2)) / daysPerYear,
    vega: (spot * density(d1) * root) / 100,
  };
}

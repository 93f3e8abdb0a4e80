/** The service's number formats in the account reports, in one place: the reports build every
 * formatted string from the valuation through these, so that a figure reads the same everywhere. */

// Built on first use, as the other formatters of the domain: a formatter costs milliseconds to
// build, which a server's start would pay even when it formats nothing.
let grouped: Intl.NumberFormat | undefined;

/** Whole units with thousands separators, as market values are sent: `"19,441"`, `"-1,250"`. */
export function formatWhole(value: number): string {
  const rounded = Math.round(value);
  // Math.round(-0.4) is -0, which would print as "-0".
  grouped ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  return grouped.format(rounded === 0 ? 0 : rounded);
}

/** An amount in a currency, as balances, margins and available funds are sent: `"45,628 USD"`. */
export function formatMoney(value: number, currency: string): string {
  return `${formatWhole(value)} ${currency}`;
}

/** An exchange rate: up to seven decimals without trailing zeros, at least two (`"1.085"`,
 * `"0.0068052"`, `"1.00"`). */
export function formatRate(rate: number): string {
  const [units, decimals = ''] = rate.toFixed(7).split('.');
  return `${units}.${decimals.replace(/0+$/, '').padEnd(2, '0')}`;
}

/** A ratio with two decimals, or `n/a` when there is none (`leverage`). */
export function formatRatio(ratio: number | undefined): string {
  return ratio === undefined ? 'n/a' : ratio.toFixed(2);
}

/** Day trades left: a count, or `Unlimited` when the pattern day trader rule does not limit them. */
export function formatDayTrades(count: number | undefined): string {
  return count === undefined ? 'Unlimited' : String(count);
}

// Amounts of money and quantities as the service shows them: the one rounding rule.

/** `value` rounded to `places` decimal places (half away from zero for positives, as
 * `Math.round`): the one rounding of amounts, prices, costs and quantities. */
export const roundTo = (value: number, places: number): number =>
  Math.round(value * 10 ** places) / 10 ** places;

/** `amount` rounded to the cent. */
export const cents = (amount: number): number => roundTo(amount, 2);

// Amounts of money as the service shows them.

/** `amount` rounded to the cent. */
export const cents = (amount: number): number => Math.round(amount * 100) / 100;

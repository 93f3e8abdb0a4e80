import type { Account } from './model.js';

/** The account with `amount` (negative: taken) added to its cash in `currency`, to the cent. */
export function withCash(account: Account, currency: string, amount: number): Account {
  const balance = Math.round(((account.cash[currency] ?? 0) + amount) * 100) / 100;
  return { ...account, cash: { ...account.cash, [currency]: balance } };
}

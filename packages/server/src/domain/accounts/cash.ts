import type { Account } from './model.js';

/** Adds `amount` (negative: takes it) to the account's cash in `currency`, to the cent. */
export function addCash(account: Account, currency: string, amount: number): void {
  account.cash[currency] = Math.round(((account.cash[currency] ?? 0) + amount) * 100) / 100;
}

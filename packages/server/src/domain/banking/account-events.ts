import type { Brokerage } from '../accounts/brokerage.js';
import type { Account } from '../accounts/model.js';

/** Keeps the accounts a transfer changed and tells the streams (ledger, account summary) so. */
export function keepAccounts(
  brokerage: Pick<Brokerage, 'keepAccount'>,
  ...accounts: Account[]
): void {
  for (const account of accounts) brokerage.keepAccount(account);
}

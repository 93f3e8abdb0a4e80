// The one way an area outside accounts changes what an account holds (its cash, positions,
// dividends receivable), and finds who holds a contract.
import type { Brokerage } from './brokerage.js';
import type { Account } from './model.js';
import { cents } from '../kernel/money.js';

/** Keeps the accounts a change gave through the one writer of accounts, which tells the streams
 * (ledger, account summary) so. */
export function keepAccounts(
  brokerage: Pick<Brokerage, 'keepAccount'>,
  ...accounts: Account[]
): void {
  for (const account of accounts) brokerage.keepAccount(account);
}

/** The accounts that hold (long or short) some of the contract. */
export function holdersOf(brokerage: Pick<Brokerage, 'accounts'>, conid: number): Account[] {
  return brokerage
    .accounts()
    .filter((account) =>
      account.positions.some((position) => position.conid === conid && position.quantity !== 0),
    );
}

/** The account with `amount` (negative: taken) added to the dividends it is owed in `currency`,
 * to the cent; a currency owed nothing is dropped. */
export function withDividendsReceivable(
  account: Account,
  currency: string,
  amount: number,
): Account {
  const owed = cents((account.dividendsReceivable?.[currency] ?? 0) + amount);
  const dividendsReceivable = Object.fromEntries(
    Object.entries({ ...account.dividendsReceivable, [currency]: owed }).filter(
      ([, amount]) => amount !== 0,
    ),
  );
  return { ...account, dividendsReceivable };
}

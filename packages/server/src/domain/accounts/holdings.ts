// The one way an area outside accounts changes what an account holds (its cash, positions,
// dividends receivable), and finds who holds a contract.
import type { Brokerage } from './brokerage.js';
import type { Account } from './model.js';
import { cents } from '../kernel/money.js';

/** Keeps the accounts a change gave and tells the streams (ledger, account summary) so. */
export function keepAccounts(
  brokerage: Pick<Brokerage, 'clock' | 'store' | 'events'>,
  ...accounts: Account[]
): void {
  const kept = brokerage.store.collection('accounts');
  for (const account of accounts) {
    kept.set(account.id, account);
    brokerage.events.publish({
      type: 'accountChanged',
      time: brokerage.clock.now(),
      accountId: account.id,
    });
  }
}

/** The accounts that hold (long or short) some of the contract. */
export function holdersOf(brokerage: Pick<Brokerage, 'store'>, conid: number): Account[] {
  return brokerage.store
    .collection('accounts')
    .values()
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

import type { Brokerage } from '../accounts/brokerage.js';
import type { Account } from '../accounts/model.js';

/** Keeps the accounts a transfer changed and tells the streams (ledger, account summary) so. */
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

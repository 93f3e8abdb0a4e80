import type { BankingStore } from './store-view.js';
import type { BankInstructionRecord } from './model.js';

const keyOf = (accountId: string, method: string, name: string): string =>
  `${accountId}/${method}/${name}`;

/** The saved bank instructions of the accounts, by account (an index) and by name. */
export class BankInstructions {
  readonly #byAccount;

  constructor(private readonly store: BankingStore) {
    this.#byAccount = store
      .collection('bankInstructions')
      .index('accountId', (record) => record.accountId);
  }

  get(accountId: string, method: string, name: string): BankInstructionRecord | undefined {
    return this.store.collection('bankInstructions').get(keyOf(accountId, method, name));
  }

  /** The account's instruction of that name, whatever its method, once verified. */
  usable(accountId: string, name: string): BankInstructionRecord | undefined {
    return this.#byAccount
      .get(accountId)
      .find((record) => record.name === name && record.status === 'PROCESSED');
  }

  ofAccount(accountId: string): BankInstructionRecord[] {
    return this.#byAccount.get(accountId);
  }

  put(record: BankInstructionRecord): void {
    this.store
      .collection('bankInstructions')
      .set(keyOf(record.accountId, record.method, record.name), record);
  }

  delete(record: BankInstructionRecord): void {
    this.store
      .collection('bankInstructions')
      .delete(keyOf(record.accountId, record.method, record.name));
  }
}

/** An account number as the service lists it: all but its last four characters masked. */
export const masked = (number: string): string => `*****${number.slice(-4)}`;

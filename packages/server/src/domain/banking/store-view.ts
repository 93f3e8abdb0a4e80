import type { StoreView } from '../kernel/store.js';

/** What the banking area sees of the store: its own collections and the kernel's sequences. */
export type BankingStore = StoreView<
  | 'bankingInstructions'
  | 'bankingSets'
  | 'bankInstructions'
  | 'bankingMovements'
  | 'recurringTransfers'
  | 'sequences'
>;

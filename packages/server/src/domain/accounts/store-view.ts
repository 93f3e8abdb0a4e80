import type { StoreView } from '../kernel/store.js';

/** What the accounts area sees of the store: its own collections and the kernel's sequences. */
export type AccountsStore = StoreView<
  'users' | 'accounts' | 'sessions' | 'allocationGroups' | 'allocationPresets' | 'sequences'
>;

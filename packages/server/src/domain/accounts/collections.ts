import type { StoreView } from '../kernel/store.js';
import type { AllocationGroup, AllocationPresets } from './allocation-groups.js';
import type { Account, User } from './model.js';
import type { Session } from './sessions.js';

declare module '../kernel/store.js' {
  interface Collections {
    users: User;
    accounts: Account;
    sessions: Session;
    allocationGroups: AllocationGroup;
    /** Advisors' allocation presets, by username (defaults until set). */
    allocationPresets: AllocationPresets;
  }
}

/** What the accounts area sees of the store: its own collections and the kernel's sequences. */
export type AccountsStore = StoreView<
  'users' | 'accounts' | 'sessions' | 'allocationGroups' | 'allocationPresets' | 'sequences'
>;

import type { AllocationGroup, AllocationPresets } from './allocation.js';
import type { Account, User } from './model.js';

declare module '../kernel/store.js' {
  interface Collections {
    users: User;
    accounts: Account;
    allocationGroups: AllocationGroup;
    /** Advisors' allocation presets, by username (defaults until set). */
    allocationPresets: AllocationPresets;
  }
}

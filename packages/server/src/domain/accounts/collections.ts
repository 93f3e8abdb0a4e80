import type { AllocationGroup } from './allocation.js';
import type { Account, User } from './model.js';

declare module '../kernel/store.js' {
  interface Collections {
    users: User;
    accounts: Account;
    allocationGroups: AllocationGroup;
  }
}

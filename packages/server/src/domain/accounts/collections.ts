import type { PenaltyRule } from './penalty-box.js';
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
    /** Users refused with 429 until `until` (the penalty box, a control scenario), by username. */
    penaltyBoxes: { username: string; until: number };
    /** The pacer's penalty rule set by the control API (one record, `current`). */
    penaltyRules: PenaltyRule;
  }
}

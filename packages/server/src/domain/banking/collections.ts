import type {
  BankInstructionRecord,
  BookedMovement,
  InstructionRecord,
  InstructionSetRecord,
  RecurringRecord,
} from './model.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Banking instructions (transfers, bank instructions, cancellations, queries), by id. */
    bankingInstructions: InstructionRecord;
    /** The instructions of each request, by set id. */
    bankingSets: InstructionSetRecord;
    /** Saved bank instructions, by `<accountId>/<method>/<name>`. */
    bankInstructions: BankInstructionRecord;
    /** What settled instructions moved, one record per account, kept as long as the executions
     * statements show beside them. */
    bankingMovements: BookedMovement;
    /** Recurring deposits and withdrawals, by the id of the instruction that asked for them. */
    recurringTransfers: RecurringRecord;
  }
}

import type { BankingStore } from './store-view.js';
import type { Clock } from '../kernel/clock.js';
import { nextInSequence } from '../kernel/sequences.js';
import type { Index } from '../kernel/store.js';
import {
  dayMs,
  historyDays,
  type InstructionRecord,
  type InstructionSetRecord,
  type RecurringRecord,
} from './model.js';

/** The first numbers given out (ours; the sequences start over at a reset). */
const firstInstructionId = 1_200_000;
const firstSetId = 3_000;

/** The instructions and their sets in the store, with the indexes every look-up goes through:
 * by client instruction id, by account, and the pending ones that settle on the clock. Records
 * are kept `historyDays` and then dropped. */
export class InstructionBook {
  readonly #byClientId: Index<InstructionRecord>;
  readonly #byAccount: Index<InstructionRecord>;
  readonly #pending: Index<InstructionRecord>;

  constructor(
    private readonly store: BankingStore,
    private readonly clock: Clock,
  ) {
    const instructions = store.collection('bankingInstructions');
    this.#byClientId = instructions.index('clientInstructionId', (record) =>
      record.refused ? undefined : String(record.clientInstructionId),
    );
    this.#byAccount = instructions.index('accountId', (record) => record.accountId);
    this.#pending = instructions.index('pending', (record) =>
      record.status === 'PENDING' || record.status === 'PENDING_VERIFICATION'
        ? pendingKey(record.accountId)
        : undefined,
    );
  }

  nextInstructionId(): number {
    return nextInSequence(this.store, 'bankingInstructions', firstInstructionId);
  }

  nextSetId(): number {
    return nextInSequence(this.store, 'bankingSets', firstSetId);
  }

  get(instructionId: number): InstructionRecord | undefined {
    return this.store.collection('bankingInstructions').get(String(instructionId));
  }

  /** Keeps the instruction (a new one, or one whose status changed). */
  put(record: InstructionRecord): void {
    this.store.collection('bankingInstructions').set(String(record.instructionId), record, {
      // Kept `historyDays` after it was made, or after it settles when that is later.
      expiresAt: this.#expiry(Math.max(record.createdAt, record.dueAt ?? 0)),
    });
  }

  /** The instructions holding a client instruction id, the first made first. */
  withClientId(clientInstructionId: number): InstructionRecord[] {
    return [...this.#byClientId.get(String(clientInstructionId))].sort(
      (a, b) => a.instructionId - b.instructionId,
    );
  }

  /** Every instruction about an account (kept `historyDays`). */
  ofAccount(accountId: string): InstructionRecord[] {
    return this.#byAccount.get(accountId);
  }

  /** The instructions of an account not yet ended. */
  pendingOf(accountId: string): InstructionRecord[] {
    return this.#pending.get(pendingKey(accountId));
  }

  recurring(instructionId: number): RecurringRecord | undefined {
    return this.store.collection('recurringTransfers').get(String(instructionId));
  }

  /** Keeps a recurring deposit or withdrawal as long as the instruction that asked for it. */
  keepRecurring(record: RecurringRecord): void {
    this.store
      .collection('recurringTransfers')
      .set(String(record.instructionId), record, { expiresAt: this.#expiry(this.clock.now()) });
  }

  getSet(instructionSetId: number): InstructionSetRecord | undefined {
    return this.store.collection('bankingSets').get(String(instructionSetId));
  }

  putSet(set: InstructionSetRecord): void {
    this.store
      .collection('bankingSets')
      .set(String(set.instructionSetId), set, { expiresAt: this.#expiry(this.clock.now()) });
  }

  #expiry(from: number): number {
    return from + historyDays * dayMs;
  }
}

const pendingKey = (accountId: string | undefined): string => accountId ?? '';

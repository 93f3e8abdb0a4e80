import type { AccountsArea } from '../accounts/brokerage.js';
import type { Account } from '../accounts/model.js';
import { Refusal, type InstructionError, type InstructionStatus, type Movement } from './model.js';

/** What accepting an instruction makes: its status, what it moves when it settles, and what it
 * changes at once (`apply`, given the new instruction's id). */
export interface Plan {
  accountId?: string;
  status: InstructionStatus;
  movement?: Movement;
  dueAt?: number;
  details?: Record<string, unknown>;
  /** The reference of what it made: `self` for the instruction itself. */
  ibReferenceId?: number | 'self';
  error?: InstructionError;
  microAmounts?: [number, number];
  apply?: (instructionId: number) => void;
}

/** The account, or the service's refusal of an unknown one. */
export function accountOrRefuse(
  accounts: Pick<AccountsArea, 'account'>,
  accountId: string,
): Account {
  const account = accounts.account(accountId);
  if (!account)
    throw new Refusal('CORRUPT_DATA_INVALID_ACCT', `Account ${accountId} does not exist`);
  return account;
}

import type { AreaContext } from '../accounts/brokerage.js';
import type { Account } from '../accounts/model.js';
import type { BankInstructions } from './bank-instructions.js';
import type { InstructionBook } from './instruction-book.js';
import { Refusal, type InstructionInputs } from './model.js';
import { accountOrRefuse, type Plan } from './plan.js';

export type BankInstructionRulesContext = AreaContext<'random', 'account'>;

/** The rules of bank instructions: an ACH instruction waits for its small amounts to be
 * confirmed; wire, predefined-destination and eDDA ones are saved at once; one is deleted by
 * name. */
export class BankInstructionRules {
  constructor(
    private readonly context: BankInstructionRulesContext,
    private readonly book: InstructionBook,
    private readonly banks: BankInstructions,
  ) {}

  #account(accountId: string): Account {
    return accountOrRefuse(this.context.accounts, accountId);
  }

  ach(instruction: InstructionInputs['ACH_INSTRUCTION']): Plan {
    const account = this.#account(instruction.accountId);
    const name = instruction.bankInstructionName;
    if (this.banks.get(account.id, 'ACH', name))
      throw new Refusal(
        'DUPLICATE_BANK_INSTRUCTION',
        `Account ${account.id} already has an ACH instruction named ${name}`,
      );
    const cents = () => (1 + Math.floor(this.context.random.next() * 99)) / 100;
    const microAmounts: [number, number] = [cents(), cents()];
    return {
      accountId: account.id,
      status: 'PENDING_VERIFICATION',
      microAmounts,
      apply: (instructionId) =>
        this.banks.put({
          accountId: account.id,
          name,
          method: 'ACH',
          currency: instruction.currency.toUpperCase(),
          bankAccountNumber: instruction.clientAccountInfo.bankAccountNumber,
          bankRoutingNumber: instruction.clientAccountInfo.bankRoutingNumber,
          status: 'PENDING_VERIFICATION',
          instructionId,
        }),
    };
  }

  verify(instruction: InstructionInputs['TRADITIONAL_BANK_INSTRUCTION_VERIFICATION']): Plan {
    const account = this.#account(instruction.accountId);
    const ach = this.book.get(instruction.pendingInstructionId);
    const saved = this.banks.get(account.id, 'ACH', instruction.bankInstructionName);
    if (
      !ach?.microAmounts ||
      ach.status !== 'PENDING_VERIFICATION' ||
      ach.accountId !== account.id ||
      saved?.instructionId !== ach.instructionId
    )
      throw new Refusal(
        'UNKNOWN_PENDING_INSTRUCTION',
        `No ACH instruction ${instruction.pendingInstructionId} named ${instruction.bankInstructionName} awaits verification for ${account.id}`,
      );
    const sent = [instruction.creditAmount1, instruction.creditAmount2]
      .map(cents)
      .sort((a, b) => a - b);
    const credited = ach.microAmounts.map(cents).sort((a, b) => a - b);
    if (sent[0] !== credited[0] || sent[1] !== credited[1])
      return {
        accountId: account.id,
        status: 'REJECTED',
        error: {
          errorCode: 'MICRO_AMOUNTS_MISMATCH',
          errorMessage: 'The amounts are not the ones credited',
        },
      };
    return {
      accountId: account.id,
      status: 'PROCESSED',
      ibReferenceId: ach.instructionId,
      apply: () => {
        this.book.put({ ...ach, status: 'PROCESSED', ibReferenceId: ach.instructionId });
        this.banks.put({ ...saved, status: 'PROCESSED' });
      },
    };
  }

  save(
    accountId: string,
    bank: {
      name: string;
      method: string;
      currency: string;
      bankAccountNumber: string;
      bankRoutingNumber: string;
    },
  ): Plan {
    const account = this.#account(accountId);
    return {
      accountId: account.id,
      status: 'PROCESSED',
      ibReferenceId: 'self',
      apply: (instructionId) =>
        this.banks.put({
          accountId: account.id,
          ...bank,
          currency: bank.currency.toUpperCase(),
          status: 'PROCESSED',
          instructionId,
        }),
    };
  }

  delete(instruction: InstructionInputs['DELETE_BANK_INSTRUCTION']): Plan {
    const account = this.#account(instruction.accountId);
    const saved = this.banks.get(
      account.id,
      instruction.bankInstructionMethod,
      instruction.bankInstructionName,
    );
    if (!saved)
      throw new Refusal(
        'UNKNOWN_BANK_INSTRUCTION',
        `Account ${account.id} has no ${instruction.bankInstructionMethod} instruction named ${instruction.bankInstructionName}`,
      );
    return {
      accountId: account.id,
      status: 'PROCESSED',
      ibReferenceId: saved.instructionId,
      apply: () => this.banks.delete(saved),
    };
  }
}

const cents = (amount: number): number => Math.round(amount * 100);

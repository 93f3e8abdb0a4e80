// Instructions the banking and reports tests submit.
import type { Submitted } from '../../../src/domain/banking/model.js';
import { accountId as defaultAccountId } from '../services.js';

/** A wire deposit into the account. */
export const deposit = (
  clientInstructionId: number,
  amount: number,
  accountId = defaultAccountId,
) =>
  ({
    instructionType: 'DEPOSIT',
    instruction: {
      accountId,
      amount,
      bankInstructionMethod: 'WIRE',
      clientInstructionId,
      currency: 'USD',
    },
  }) satisfies Submitted;

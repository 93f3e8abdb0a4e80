import type { ControlOk } from '@brokerage/types/control';
import type { Banking } from '../domain/banking/banking.js';
import type { InstructionResponseView } from '../domain/banking/views.js';
import type { ControlHandlers } from './handler-types.js';

/** An instruction as the control API answers it. */
function instructionOf({
  instructionResult,
}: InstructionResponseView): ControlOk<'settleBankingInstruction'> {
  if (!instructionResult) throw new Error('An instruction answer without its instruction');
  return {
    instructionId: instructionResult.instructionId,
    clientInstructionId: instructionResult.clientInstructionId,
    instructionType: instructionResult.instructionType,
    instructionStatus: instructionResult.instructionStatus,
    ...(instructionResult.error ? { error: instructionResult.error } : {}),
  };
}

/** The control API's banking operations: settle or fail a pending transfer now, read the ACH
 * small amounts, save a verified bank instruction. */
export const bankingControls = (
  banking: Banking,
): Pick<
  ControlHandlers,
  | 'settleBankingInstruction'
  | 'failBankingInstruction'
  | 'getBankingMicroAmounts'
  | 'seedBankInstruction'
> => ({
  settleBankingInstruction: ({ params }) =>
    instructionOf(banking.settleNow(Number(params.instructionId))),
  failBankingInstruction: ({ params, body }) =>
    instructionOf(
      banking.failNow(Number(params.instructionId), {
        errorCode: body?.errorCode ?? 'FAILED_BY_CONTROL',
        errorMessage: body?.errorMessage ?? 'Failed through the control API',
      }),
    ),
  getBankingMicroAmounts: ({ params }) => {
    const [creditAmount1, creditAmount2] = banking.microAmounts(Number(params.instructionId));
    return { creditAmount1, creditAmount2 };
  },
  seedBankInstruction: ({ body }) => {
    banking.seedBankInstruction(body);
    return body;
  },
});

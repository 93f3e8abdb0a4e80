import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** Banking under `/gw/api/v1` and `/gw/api/v2` (tag Account Management Banking); the gate has
 * checked the bearer token's scope before any of them runs. */
export const accountManagementBankingHandlers = ({
  banking,
}: HandlerContext): HandlerGroup<
  | 'createBankInstruction'
  | 'createBankInstructionsBulk'
  | 'queryBankInstructions'
  | 'createExternalCashTransfer'
  | 'createExternalCashTransfersBulk'
  | 'queryExternalCashTransfers'
  | 'createInternalCashTransfer'
  | 'createInternalCashTransfersBulk'
  | 'createExternalAssetTransfer'
  | 'createExternalAssetTransfersBulk'
  | 'createExternalAssetTransferV2'
  | 'createExternalAssetTransfersBulkV2'
  | 'createInternalAssetTransfer'
  | 'createInternalAssetTransfersBulk'
  | 'cancelInstruction'
  | 'cancelInstructionsBulk'
  | 'queryRecentInstructions'
  | 'getInstructionStatus'
  | 'getInstructionSetStatus'
  | 'getClientInstructionStatus'
> => {
  const accepted = (body: Parameters<typeof banking.submit>[0]) => ({
    status: 202 as const,
    body: banking.submit(body, 202),
  });
  const made = (body: Parameters<typeof banking.submit>[0]) => ({
    status: 201 as const,
    body: banking.submit(body, 201),
  });
  const set = (body: Parameters<typeof banking.submitSet>[0]) => banking.submitSet(body);
  // Path parameters arrive as the text of the path; the validator has checked they are integers.
  return {
    createBankInstruction: (request) => accepted(request.body),
    createBankInstructionsBulk: (request) => set(request.body),
    queryBankInstructions: (request) => made(request.body),
    createExternalCashTransfer: (request) => accepted(request.body),
    createExternalCashTransfersBulk: (request) => set(request.body),
    queryExternalCashTransfers: (request) => made(request.body),
    createInternalCashTransfer: (request) => made(request.body),
    createInternalCashTransfersBulk: (request) => set(request.body),
    createExternalAssetTransfer: (request) => accepted(request.body),
    createExternalAssetTransfersBulk: (request) => set(request.body),
    createExternalAssetTransferV2: (request) => accepted(request.body),
    createExternalAssetTransfersBulkV2: (request) => set(request.body),
    createInternalAssetTransfer: (request) => accepted(request.body),
    createInternalAssetTransfersBulk: (request) => set(request.body),
    cancelInstruction: (request) => made(request.body),
    cancelInstructionsBulk: (request) => set(request.body),
    queryRecentInstructions: (request) => accepted(request.body),
    getInstructionStatus: (request) => banking.status(Number(request.params.instructionId)),
    getInstructionSetStatus: (request) => banking.set(Number(request.params.instructionSetId)),
    getClientInstructionStatus: (request) =>
      banking.statusByClientId(Number(request.params.clientInstructionId)),
  };
};

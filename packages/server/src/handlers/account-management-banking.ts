import type { OAuth2Client } from '../domain/auth/oauth2.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** Banking under `/gw/api/v1` and `/gw/api/v2` (tag Account Management Banking); the gate has
 * checked the bearer token's scope before any of them runs. */
export const accountManagementBankingHandlers = ({
  banking,
  reports,
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
  // A client acts on, and reads the instructions of, the accounts of its end users only (403 for
  // another's existing account; an unknown one is left to the rules, which refuse it in the
  // instruction's answer).
  const own = <Body>(request: { client: OAuth2Client; body: Body }): Body => {
    reports.refuseUnreachable(request.client, banking.accountsNamedBy(request.body));
    return request.body;
  };
  const theirs = (client: OAuth2Client) => (accountIds: string[]) =>
    reports.refuseUnreachable(client, accountIds);
  const accepted = (request: {
    client: OAuth2Client;
    body: Parameters<typeof banking.submit>[0];
  }) => ({
    status: 202 as const,
    body: banking.submit(own(request), 202),
  });
  const made = (request: { client: OAuth2Client; body: Parameters<typeof banking.submit>[0] }) => ({
    status: 201 as const,
    body: banking.submit(own(request), 201),
  });
  const set = (request: { client: OAuth2Client; body: Parameters<typeof banking.submitSet>[0] }) =>
    banking.submitSet(own(request));
  // Path parameters arrive as the text of the path; the validator has checked they are integers.
  return {
    createBankInstruction: (request) => accepted(request),
    createBankInstructionsBulk: (request) => set(request),
    queryBankInstructions: (request) => made(request),
    createExternalCashTransfer: (request) => accepted(request),
    createExternalCashTransfersBulk: (request) => set(request),
    queryExternalCashTransfers: (request) => made(request),
    createInternalCashTransfer: (request) => made(request),
    createInternalCashTransfersBulk: (request) => set(request),
    createExternalAssetTransfer: (request) => accepted(request),
    createExternalAssetTransfersBulk: (request) => set(request),
    createExternalAssetTransferV2: (request) => accepted(request),
    createExternalAssetTransfersBulkV2: (request) => set(request),
    createInternalAssetTransfer: (request) => accepted(request),
    createInternalAssetTransfersBulk: (request) => set(request),
    cancelInstruction: (request) => made(request),
    cancelInstructionsBulk: (request) => set(request),
    queryRecentInstructions: (request) => accepted(request),
    getInstructionStatus: (request) =>
      banking.status(Number(request.params.instructionId), theirs(request.client)),
    getInstructionSetStatus: (request) =>
      banking.set(Number(request.params.instructionSetId), theirs(request.client)),
    getClientInstructionStatus: (request) =>
      banking.statusByClientId(Number(request.params.clientInstructionId), theirs(request.client)),
  };
};

import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** The account-management utilities (`/gw/api/v1`, tag Account Management Utilities); the gate
 * has checked the bearer token's scope before any of them runs (the signed-JWT one verifies the
 * body with the key of the client it gives). */
export const accountManagementUtilitiesHandlers = ({
  brokerage,
  accountApplications,
  oauth2,
  referenceData,
  forms,
  amRequests,
}: HandlerContext): HandlerGroup<
  | 'getComplexAssetTransferBrokers'
  | 'getParticipatingBanks'
  | 'checkUsernameAvailability'
  | 'getEnumerations'
  | 'getForms'
  | 'getRequiredForms'
  | 'getAmRequests'
  | 'getAmRequestStatus'
  | 'updateAmRequestStatus'
> => {
  return {
    getComplexAssetTransferBrokers: (request) =>
      referenceData.brokers(request.query.instructionType),
    getParticipatingBanks: (request) => referenceData.banks(request.query.type),
    checkUsernameAvailability: (request) =>
      accountApplications.usernameAvailability(request.params.username),
    getEnumerations: (request) =>
      referenceData.enumeration(request.params.enumerationType, request.query.currency),
    getForms: async (request) => ({
      hasError: false,
      timestamp: new Date(brokerage.clock.now()).toISOString(),
      formDetails: await forms.list(request.query),
    }),
    getRequiredForms: (request) => ({ hasError: false, forms: forms.required(request.query) }),
    getAmRequests: (request) => amRequests.list(request.query),
    getAmRequestStatus: (request) =>
      request.query.type === 'update'
        ? amRequests.status(request.params.requestId)
        : amRequests.answer(request.params.requestId),
    updateAmRequestStatus: async (request) => {
      const claims = await oauth2.verifySignedBody(request.client, request.body);
      return amRequests.setStatus(request.params.requestId, claims.status);
    },
  };
};

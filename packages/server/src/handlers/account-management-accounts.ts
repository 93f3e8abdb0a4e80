import type { OperationId } from '@brokerage/types';
import {
  accountLoginMessagesView,
  detailsView,
  kycView,
  processedView,
  statusView,
  tasksView,
} from '../domain/account-applications/views.js';
import type { HandlerContext, HandlerGroup, OperationRequest } from '../http/handler.js';
import { authorizationOf } from './bearer.js';

/** The account applications of the account-management API (`/gw/api/v1/accounts`). The gate has
 * checked the bearer token's scope; each handler asks again for the client, whose applications
 * are the only ones it sees and whose key verifies a signed body. */
export const accountManagementAccountHandlers = ({
  brokerage,
  oauth2,
  accountApplications: applications,
}: HandlerContext): HandlerGroup<
  | 'getProcessedApplication'
  | 'createAccountApplication'
  | 'updateAmAccount'
  | 'submitAgreementDocuments'
  | 'getAmAccountStatuses'
  | 'getLoginMessages'
  | 'getAmAccountStatus'
  | 'updateAmAccountStatus'
  | 'getRegistrationTasks'
  | 'assignRegistrationTasks'
  | 'updateRegistrationTasks'
  | 'getAmAccountDetails'
  | 'getKycLink'
  | 'getAmAccountLoginMessages'
> => {
  const reader = async (request: OperationRequest<OperationId>) =>
    (await oauth2.authorize(authorizationOf(request), 'accounts.read')).clientId;
  /** The client and the claims of a signed-JWT body. */
  const signed = async (request: OperationRequest<OperationId> & { body: string }) => {
    const client = await oauth2.authorize(authorizationOf(request), 'accounts.write');
    return {
      clientId: client.clientId,
      claims: await oauth2.verifySignedBody(client, request.body),
    };
  };
  const read = async (request: OperationRequest<OperationId> & { params: { accountId: string } }) =>
    applications.application(await reader(request), request.params.accountId);
  return {
    getProcessedApplication: async (request) =>
      processedView(applications.find(await reader(request), request.query)),
    createAccountApplication: async (request) => {
      const { clientId, claims } = await signed(request);
      return applications.submit(clientId, claims);
    },
    updateAmAccount: async (request) => {
      const { clientId, claims } = await signed(request);
      return applications.update(clientId, claims);
    },
    submitAgreementDocuments: async (request) => {
      const { clientId, claims } = await signed(request);
      return applications.submitDocuments(clientId, claims);
    },
    getAmAccountStatuses: async (request) => {
      const found = applications.statuses(await reader(request), request.query);
      return { ...found, accounts: found.accounts.map(statusView) };
    },
    getLoginMessages: async (request) =>
      applications.loginMessages(await reader(request), request.query),
    getAmAccountStatus: async (request) => statusView(await read(request)),
    updateAmAccountStatus: async (request) => {
      const { clientId, claims } = await signed(request);
      return statusView(applications.setStatus(clientId, request.params.accountId, claims));
    },
    getRegistrationTasks: async (request) =>
      tasksView(await read(request), request.query.type ?? 'registration'),
    assignRegistrationTasks: async (request) => {
      const { clientId, claims } = await signed(request);
      return applications.assignTasks(clientId, request.params.accountId, claims);
    },
    updateRegistrationTasks: async (request) => {
      const { clientId, claims } = await signed(request);
      return applications.updateTasks(clientId, request.params.accountId, claims);
    },
    getAmAccountDetails: async (request) => detailsView(await read(request)),
    getKycLink: async (request) => kycView(await read(request), brokerage.clock.now()),
    getAmAccountLoginMessages: async (request) =>
      accountLoginMessagesView(await read(request), request.query.type),
  };
};

import {
  accountLoginMessagesView,
  detailsView,
  kycView,
  processedView,
  statusView,
  tasksView,
} from '../domain/account-applications/views.js';
import type { OAuth2Client } from '../domain/auth/oauth2.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** The account applications of the account-management API (`/gw/api/v1/accounts`). The gate has
 * checked the bearer token's scope and gives the client, whose applications are the only ones it
 * sees and whose key verifies a signed body. */
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
  /** The client and the claims of a signed-JWT body. */
  const signed = async ({ client, body }: { client: OAuth2Client; body: string }) => ({
    clientId: client.clientId,
    claims: await oauth2.verifySignedBody(client, body),
  });
  /** The client's application of the path's account. */
  const read = ({ client, params }: { client: OAuth2Client; params: { accountId: string } }) =>
    applications.application(client.clientId, params.accountId);
  return {
    getProcessedApplication: (request) =>
      processedView(applications.find(request.client.clientId, request.query)),
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
    getAmAccountStatuses: (request) => {
      const found = applications.statuses(request.client.clientId, request.query);
      return { ...found, accounts: found.accounts.map(statusView) };
    },
    getLoginMessages: (request) =>
      applications.loginMessages(request.client.clientId, request.query),
    getAmAccountStatus: (request) => statusView(read(request)),
    updateAmAccountStatus: async (request) => {
      const { clientId, claims } = await signed(request);
      return statusView(applications.setStatus(clientId, request.params.accountId, claims));
    },
    getRegistrationTasks: (request) =>
      tasksView(read(request), request.query.type ?? 'registration'),
    assignRegistrationTasks: async (request) => {
      const { clientId, claims } = await signed(request);
      return applications.assignTasks(clientId, request.params.accountId, claims);
    },
    updateRegistrationTasks: async (request) => {
      const { clientId, claims } = await signed(request);
      return applications.updateTasks(clientId, request.params.accountId, claims);
    },
    getAmAccountDetails: (request) => detailsView(read(request)),
    getKycLink: (request) => kycView(read(request), brokerage.clock.now()),
    getAmAccountLoginMessages: (request) =>
      accountLoginMessagesView(read(request), request.query.type),
  };
};

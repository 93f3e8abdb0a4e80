import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** Pre-trade compliance (`/gw/api/v1/restrictions`): the gate has checked the token's scope and
 * gives the client, which must act for the CSV's user, and whose key verifies the signed body of
 * an apply; the reads name the user in `masterUserName`. */
export const pretradeComplianceRestrictionsHandlers = ({
  oauth2,
  restrictions,
}: HandlerContext): HandlerGroup<
  | 'verifyRestrictions'
  | 'applyRestrictions'
  | 'getAccountRestrictions'
  | 'getUserRestrictions'
  | 'getMasterRestrictionIds'
  | 'getMasterListIds'
  | 'getRestrictionDetails'
  | 'getRestrictionScope'
  | 'getListDetails'
> => {
  const { reads } = restrictions;
  return {
    verifyRestrictions: ({ client, body }) => restrictions.verify(client, body),
    applyRestrictions: async ({ client, body }) =>
      restrictions.apply(client, await oauth2.verifySignedBody(client, body)),
    getAccountRestrictions: ({ client, query }) =>
      reads.accountRestrictions(client, query, query.accountId),
    getUserRestrictions: ({ client, query }) =>
      reads.userRestrictions(client, query, query.userName),
    getMasterRestrictionIds: ({ client, query }) => reads.masterRestrictionIds(client, query),
    getMasterListIds: ({ client, query }) => reads.masterListIds(client, query),
    getRestrictionDetails: ({ client, query }) =>
      reads.restrictionDetails(client, query, query.restrictionId),
    getRestrictionScope: ({ client, query }) =>
      reads.restrictionScope(client, query, query.restrictionId),
    getListDetails: ({ client, query }) => reads.listDetails(client, query, query.listId),
  };
};

import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** Pre-trade compliance (`/gw/api/v1/restrictions`): the gate has checked the token's scope and
 * gives the client, which must act for the CSV's user, and whose key verifies the signed body of
 * an apply. */
export const preTradeComplianceHandlers = ({
  oauth2,
  restrictions,
}: HandlerContext): HandlerGroup<'verifyRestrictions' | 'applyRestrictions'> => ({
  verifyRestrictions: ({ client, body }) => restrictions.verify(client, body),
  applyRestrictions: async ({ client, body }) =>
    restrictions.apply(client, await oauth2.verifySignedBody(client, body)),
});

import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { authorizationOf } from './bearer.js';

/** Pre-trade compliance (`/gw/api/v1/restrictions`): the gate has checked the token's scope;
 * each handler asks again for the client, which must act for the CSV's user, and whose key
 * verifies the signed body of an apply. */
export const preTradeComplianceHandlers = ({
  oauth2,
  restrictions,
}: HandlerContext): HandlerGroup<'verifyRestrictions' | 'applyRestrictions'> => ({
  verifyRestrictions: async (request) =>
    restrictions.verify(await oauth2.authorize(authorizationOf(request), []), request.body),
  applyRestrictions: async (request) => {
    const client = await oauth2.authorize(authorizationOf(request), []);
    return restrictions.apply(client, await oauth2.verifySignedBody(client, request.body));
  },
});

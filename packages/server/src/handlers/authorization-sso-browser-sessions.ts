import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { originOf } from '../http/signed-request.js';

/** Single sign-on (tag Authorization SSO Browser Sessions): a browser link for an end user of the
 * OAuth 2.0 client whose token the gate accepted. */
export const authorizationSsoBrowserSessionsHandlers = ({
  sso,
}: HandlerContext): HandlerGroup<'createSsoBrowserSession'> => ({
  createSsoBrowserSession: (request) =>
    sso.createBrowserLink(request.client, request.body, originOf(request.headers)),
});

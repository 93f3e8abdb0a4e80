import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { originOf } from '../http/signed-request.js';

/** Single sign-on (tag Single Sign-On): a session, or a browser link, for the OAuth 2.0 client
 * whose token the gate accepted. */
export const singleSignOnHandlers = ({
  sso,
}: HandlerContext): HandlerGroup<'createSsoSession' | 'createSsoBrowserSession'> => ({
  createSsoSession: (request) => sso.createSession(request.client, request.body),
  createSsoBrowserSession: (request) =>
    sso.createBrowserLink(request.client, request.body, originOf(request.headers)),
});

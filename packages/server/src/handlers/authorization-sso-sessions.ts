import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** Single sign-on (tag Authorization SSO Sessions): a brokerage session for an end user of the
 * OAuth 2.0 client whose token the gate accepted. */
export const authorizationSsoSessionsHandlers = ({
  sso,
}: HandlerContext): HandlerGroup<'createSsoSession'> => ({
  createSsoSession: (request) => sso.createSession(request.client, request.body),
});

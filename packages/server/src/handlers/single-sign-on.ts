import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { originOf } from '../http/signed-request.js';
import { authorizationOf } from './bearer.js';

/** Single sign-on (tag Single Sign-On): a session, or a browser link, for an OAuth 2.0 token. */
export const singleSignOnHandlers = ({
  sso,
}: HandlerContext): HandlerGroup<'createSsoSession' | 'createSsoBrowserSession'> => ({
  createSsoSession: (request) => sso.createSession(authorizationOf(request), request.body),
  createSsoBrowserSession: (request) =>
    sso.createBrowserLink(authorizationOf(request), request.body, originOf(request.headers)),
});

import type { HandlerContext, HandlerGroup, OperationRequest } from '../http/handler.js';
import { originOf, signedRequestOf } from '../http/signed-request.js';
import type { OperationId } from '@brokerage/types';

/** The Authorization header of a request, as one string. */
function authorizationOf(request: OperationRequest<OperationId>): string | undefined {
  const value = request.headers.authorization;
  return Array.isArray(value) ? value[0] : value;
}

export const oauthHandlers = ({
  oauth1,
  oauth2,
  sso,
}: HandlerContext): HandlerGroup<
  | 'requestOAuthToken'
  | 'getOAuthAccessToken'
  | 'createLiveSessionToken'
  | 'createOAuth2Token'
  | 'createSsoSession'
  | 'createSsoBrowserSession'
> => {
  return {
    requestOAuthToken: (request) => oauth1.requestToken(signedRequestOf(request)),
    getOAuthAccessToken: (request) => oauth1.accessToken(signedRequestOf(request)),
    createLiveSessionToken: (request) => oauth1.liveSessionToken(signedRequestOf(request)),
    createOAuth2Token: (request) => {
      const tokenUrl = `${request.headers.host ?? ''}${request.url.split('?')[0] ?? ''}`;
      return oauth2.issueToken(request.body.client_assertion, request.body.scope, [
        `http://${tokenUrl}`,
        `https://${tokenUrl}`,
      ]);
    },
    createSsoSession: (request) => sso.createSession(authorizationOf(request), request.body),
    createSsoBrowserSession: (request) =>
      sso.createBrowserLink(authorizationOf(request), request.body, originOf(request.headers)),
  };
};

import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { signedRequestOf } from '../http/signed-request.js';

/** OAuth 1.0a (tag Trading OAuth 1.0a): request, access and live session tokens of signed requests. */
export const tradingOAuth1Handlers = ({
  oauth1,
}: HandlerContext): HandlerGroup<
  'requestOAuthToken' | 'getOAuthAccessToken' | 'createLiveSessionToken'
> => ({
  requestOAuthToken: (request) => oauth1.requestToken(signedRequestOf(request)),
  getOAuthAccessToken: (request) => oauth1.accessToken(signedRequestOf(request)),
  createLiveSessionToken: (request) => oauth1.liveSessionToken(signedRequestOf(request)),
});

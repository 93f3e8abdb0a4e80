import { echoView } from '../domain/utilities/echo.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** Echoes of the two security policies of `/gw/api/v1` (tag Utilities Echo); the gate has checked
 * the bearer token's scope, and the signed-JWT one verifies the body with the client's key. */
export const utilitiesEchoHandlers = ({
  oauth2,
}: HandlerContext): HandlerGroup<'echoHttps' | 'echoSignedJwt'> => ({
  echoHttps: (request) => echoView('GET', 'HTTPS', request.url),
  echoSignedJwt: async (request) => {
    await oauth2.verifySignedBody(request.client, request.body);
    return echoView('POST', 'SIGNED_JWT', request.url);
  },
});

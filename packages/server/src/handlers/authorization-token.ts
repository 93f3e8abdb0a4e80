import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** OAuth 2.0 (tag Authorization Token): a token for a signed client assertion, its audience this server's
 * token URL as the client reached it. */
export const authorizationTokenHandlers = ({
  oauth2,
}: HandlerContext): HandlerGroup<'createOAuth2Token'> => ({
  createOAuth2Token: (request) => {
    const tokenUrl = `${request.headers.host ?? ''}${request.url.split('?')[0] ?? ''}`;
    return oauth2.issueToken(request.body.client_assertion, request.body.scope, [
      `http://${tokenUrl}`,
      `https://${tokenUrl}`,
    ]);
  },
});

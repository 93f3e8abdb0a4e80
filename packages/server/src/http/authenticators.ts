import { bearerToken } from '../domain/auth/oauth2.js';
import type { Services } from '../domain/services.js';
import type { Authenticator, IncomingRequest } from './session-gate.js';
import { signedRequestOf } from './signed-request.js';

/** Requests signed HMAC-SHA256 with a live session token: the session that token opened. */
export const oauth1Authenticator =
  ({ oauth1 }: Services): Authenticator =>
  (request: IncomingRequest) =>
    // A request without an authorization header carries no OAuth 1.0a signature: nothing to
    // read of it (the gateway's own requests, every one of them).
    request.headers.authorization === undefined
      ? undefined
      : oauth1.authenticate(
          signedRequestOf({
            method: request.method,
            url: request.url,
            headers: request.headers,
            body: request.body,
          }),
        );

/** `Authorization: Bearer <token>` with a single sign-on session token: that session. */
export const bearerAuthenticator =
  ({ sso }: Services): Authenticator =>
  (request: IncomingRequest) => {
    const token = bearerToken(request.headers.authorization);
    return token === undefined ? undefined : sso.sessionOfToken(token);
  };

/** The credential checks of hosted mode: OAuth 1.0a signatures and single sign-on bearer tokens. */
export const defaultAuthenticators = (services: Services): Authenticator[] => [
  oauth1Authenticator(services),
  bearerAuthenticator(services),
];

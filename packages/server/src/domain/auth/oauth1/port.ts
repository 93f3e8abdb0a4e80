import { unavailable } from '../../kernel/errors.js';
import type { OAuth1 } from './flow.js';

/** The OAuth 1.0a steps the handlers, the authenticators, the pages and the socket call. Their implementation
 * (`OAuth1`: RSA, Diffie-Hellman, HMAC over node:crypto) is Node-only: the server's services are
 * composed with it (`compose/services.ts`), those that run in a browser with `oauth1Unavailable`. */
export type OAuth1Flow = Pick<
  OAuth1,
  | 'requestToken'
  | 'authorize'
  | 'accessToken'
  | 'liveSessionToken'
  | 'authenticate'
  | 'sessionOfAccessToken'
>;

/** OAuth 1.0a where the domain runs without node:crypto (the MSW handlers, in a browser or in
 * Node): every token step answers 503 and no request is taken as signed, so that sessions come
 * from the gateway (gateway mode) or single sign-on. */
export function oauth1Unavailable(): OAuth1Flow {
  const refuse = (): never => {
    throw unavailable('OAuth 1.0a is not simulated here');
  };
  return {
    requestToken: refuse,
    authorize: refuse,
    accessToken: refuse,
    liveSessionToken: refuse,
    authenticate: () => undefined,
    sessionOfAccessToken: () => undefined,
  };
}

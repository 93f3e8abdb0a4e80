import type { LiveSessionTokenRecord, OAuthToken } from './oauth1/records.js';
import type { SeenNonce } from './oauth1/nonces.js';
import type { UsedAssertion } from './oauth2.js';
import type { SsoLink } from './sso.js';
import type { StoredSigningKey } from './jwt.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** OAuth 1.0a request and access tokens, by token. */
    oauthTokens: OAuthToken;
    /** The live session token of each OAuth 1.0a access token, by access token. */
    liveSessionTokens: LiveSessionTokenRecord;
    /** OAuth 1.0a nonces seen within the timestamp window, by consumer key and nonce. */
    oauthNonces: SeenNonce;
    /** OAuth 2.0 client assertions already used, by client id and jti (replay protection). */
    usedAssertions: UsedAssertion;
    /** One-time single sign-on links to the portal, by token. */
    ssoLinks: SsoLink;
    /** The keys that sign the tokens the server issues (`jwt.ts`), by key id: every process on
     * the store signs and verifies with the same ones. A reset keeps them (`keptByClear`). */
    signingKeys: StoredSigningKey;
  }
}

// @brokerage/types/oauth2: the JWTs a client signs for the brokerage (OAuth 2.0 client assertions,
// signed-JWT request bodies), signed alike by the client, the reference server's tests and the
// contract tests (jose: Node and browsers; apart from the main entry, which has no dependency).
export { clientAssertion, type ClientAssertionOptions } from './client-assertion.js';
export { signedJwt, type SignedJwtOptions } from './signed-jwt.js';

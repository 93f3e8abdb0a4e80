// @brokerage/types/oauth2: the OAuth 2.0 client assertion signed alike by the client and the
// reference server's tests (jose: Node and browsers; apart from the main entry, which has no
// dependency).
export { clientAssertion, type ClientAssertionOptions } from './client-assertion.js';

// What an operation needs before its handler runs, worked out from its row of the operation table
// (its `security` in the document), for the server's gate and the contract tests alike.
import type { OperationRow } from './generated/operation-routes.js';

export type Access =
  | 'credentials' // token operations check their own credentials (OAuth 1.0a, OAuth 2.0, SSO)
  | 'session' // a live session
  | 'brokerage'; // a live session whose brokerage (`/iserver`) session is open

/** An operation that accepts the session (the `sessionCookie` scheme, and with it the other
 * credentials that stand for a session) needs a live session, and the brokerage session where it
 * calls `/iserver`; any other (OAuth 1.0a token requests, OAuth 2.0 client assertions, single
 * sign-on bearer tokens) checks its own credentials. */
export function operationAccess(row: OperationRow<string>): Access {
  if (!row.security.some((alternative) => alternative.includes('sessionCookie')))
    return 'credentials';
  return row.brokerageSession ? 'brokerage' : 'session';
}

/** Credentials carried in a header (an OAuth 1.0a signature, a single sign-on bearer token) are
 * checked before the request's content, so a request without them answers 401 whatever its body.
 * Credentials carried in the body (the OAuth 2.0 client assertion) are checked with it. */
export function checksHeaderCredentialsFirst(row: OperationRow<string>): boolean {
  return (
    operationAccess(row) === 'credentials' &&
    row.security.some((alternative) =>
      alternative.some((scheme) => scheme === 'oauth1' || scheme === 'bearerToken'),
    )
  );
}

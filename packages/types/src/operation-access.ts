// What an operation needs before its handler runs: the `access` of its row of the operation table
// (worked out from its `security` by the table's reader, document-operations.mjs), as a value for
// the server's gate and the contract tests, and as a literal type per operation for the handlers.
import type { operations } from './generated/openapi.js';
import type { OperationRow, operationRoutes } from './generated/operation-routes.js';

export type Access =
  | 'public' // no credentials the gate reads (the OAuth 2.0 token request's are in its body)
  | 'oauth1' // an OAuth 1.0a authorization header, whose signature the token step verifies
  | 'bearer' // an OAuth 2.0 bearer token with one of the operation's scopes
  | 'session' // a live session
  | 'brokerage'; // a live session whose brokerage (`/iserver`) session is open

/** Each operation's access, by operationId, as the literal the generated table holds. */
type AccessById = {
  [Row in (typeof operationRoutes)[number] as Row['operationId']]: Row['access'];
};

/** The access of one operation, known to the compiler: `AccessOf<'getLedger'>` is `'session'`,
 * `AccessOf<'createBankInstruction'>` is `'bearer'`. */
export type AccessOf<Op extends keyof operations> = AccessById[Op];

/** Credentials carried in a header (an OAuth 1.0a signature, a single sign-on bearer token) are
 * checked before the request's content, so a request without them answers 401 whatever its body.
 * Credentials carried in the body (the OAuth 2.0 client assertion) are checked with it. */
export function checksHeaderCredentialsFirst(row: OperationRow<string>): boolean {
  return row.access === 'oauth1' || row.access === 'bearer';
}

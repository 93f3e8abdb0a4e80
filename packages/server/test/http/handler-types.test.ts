// A handler's request carries what the gate establishes for its operation's access, typed from
// the operation table: the checks are the compiler's (`npx tsc --noEmit -p packages/server`).
import type { Session } from '../../src/domain/accounts/sessions.js';
import type { OAuth2Client } from '../../src/domain/auth/oauth2.js';
import type { OperationRequest } from '../../src/http/handler.js';

/** What each handler below may read; a line that reads what its access does not give fails. */
const reads = {
  ledger: (request: OperationRequest<'getLedger'>): Session => request.session,
  accounts: (request: OperationRequest<'getAccounts'>): Session => request.session,
  bankInstruction: (request: OperationRequest<'createBankInstruction'>): OAuth2Client =>
    request.client,
  // @ts-expect-error a bearer operation has no session
  bearerSession: (request: OperationRequest<'createBankInstruction'>): Session => request.session,
  // @ts-expect-error a session operation has no bearer client
  sessionClient: (request: OperationRequest<'getLedger'>): OAuth2Client => request.client,
  // @ts-expect-error the OAuth 2.0 token request has neither
  tokenSession: (request: OperationRequest<'createOAuth2Token'>): Session => request.session,
};

describe('handler request types', () => {
  it('give the session or the client exactly where the gate establishes it', () => {
    expect(Object.keys(reads)).toHaveLength(6);
  });
});

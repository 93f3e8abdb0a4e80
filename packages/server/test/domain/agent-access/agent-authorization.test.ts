// The MCP endpoint's OAuth without HTTP: one grant per user, rotating refresh tokens.
import { domain } from '../services.js';
import { OAuthError } from '../../../src/domain/agent-access/oauth-error.js';

describe('agent authorization', () => {
  it('rotates refresh tokens and expires access tokens after 599 s', () => {
    const { services, clock } = domain();
    const auth = services.agentAuthorization;
    const first = auth.issueFor('demo_individual', undefined, 'resource');
    expect(auth.authenticate(first.access_token)).toMatchObject({ accountId: 'U1234567' });
    const second = auth.refresh({ refresh_token: first.refresh_token, client_id: 'control' });
    expect(() =>
      auth.refresh({ refresh_token: first.refresh_token, client_id: 'control' }),
    ).toThrow(OAuthError);
    clock.advance(599_000);
    expect(auth.authenticate(second.access_token)).toBeUndefined();
  });

  it("a user's new grant displaces the one before", () => {
    const auth = domain().services.agentAuthorization;
    const before = auth.issueFor('demo_individual', undefined, 'resource');
    auth.issueFor('demo_individual', undefined, 'resource');
    expect(auth.authenticate(before.access_token)).toBeUndefined();
  });

  it('grants only an account of the user', () => {
    const auth = domain().services.agentAuthorization;
    expect(() => auth.issueFor('demo_individual', 'U9999999', 'resource')).toThrow(
      "Account U9999999 is not the user's",
    );
  });
});

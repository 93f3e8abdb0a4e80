// Token operations: OAuth 1.0a steps, the OAuth 2.0 token, single sign-on sessions.
import { tickleSession } from '@brokerage/client';
import { contractClient, contractFetch } from '../../src/client.js';
import { testConsumerSigner } from '../../src/oauth1.js';
import { clientAssertion, oauth2Client } from '../../src/oauth2.js';
import { controls, describeInProcess } from '../../src/target.js';
import { useTarget } from '../support/target.js';

describe('OAuth 1.0a steps without a valid signed header', () => {
  const suite = useTarget();

  it.each([
    ['requestOAuthToken', '/v1/api/oauth/request_token'],
    ['getOAuthAccessToken', '/v1/api/oauth/access_token'],
    ['createLiveSessionToken', '/v1/api/oauth/live_session_token'],
  ] as const)('%s answers 401, missing or unparseable', async (_id, path) => {
    const missing = await suite.client.POST(path);
    expect(missing.response.status).toBe(401);
    const garbled = await suite.client.POST(path, { headers: { authorization: 'OAuth nonsense' } });
    expect(garbled.response.status).toBe(401);
  });
});

describeInProcess('OAuth 1.0a with the test consumer on a hosted server', () => {
  const suite = useTarget({ mode: 'hosted' });
  const dayMs = 24 * 60 * 60_000;

  /** The signer, sending its own requests through the checking fetch; notes what they got. */
  function signer(stored?: { token: string; secret: string }) {
    const sent: string[] = [];
    const send = contractFetch('contract', async (request) => {
      const response = await fetch(request);
      sent.push(`${new URL(request.url).pathname} ${response.status}`);
      return response;
    });
    const auth = testConsumerSigner(suite.target.baseUrl, {
      clock: controls(suite.target).clock,
      fetch: send,
      ...(stored && { accessToken: stored.token, accessTokenSecret: stored.secret }),
    });
    return { auth, sent, client: contractClient(suite.target, 'contract', {}, auth) };
  }

  it('requestOAuthToken, getOAuthAccessToken and createLiveSessionToken answer 200 in turn; the live session token signs calls', async () => {
    const { auth, sent, client } = signer();
    const accounts = await client.GET('/v1/api/iserver/accounts');
    expect(accounts.response.status).toBe(200);
    expect(accounts.data?.accounts).toEqual(['U1234567']);
    expect(sent).toEqual([
      '/v1/api/oauth/request_token 200',
      '/v1/api/oauth/access_token 200',
      '/v1/api/oauth/live_session_token 200',
      '/v1/api/iserver/auth/ssodh/init 200',
    ]);
    // The signer has checked the server's live session token signature against its own key.
    expect(auth.expiresAt()).toBe(controls(suite.target).clock.now() + dayMs);
  });

  it('createLiveSessionToken with a stored access token opens a new signed session', async () => {
    const first = signer();
    const stored = await first.auth.accessToken();
    expect(first.sent).toEqual([
      '/v1/api/oauth/request_token 200',
      '/v1/api/oauth/access_token 200',
    ]);
    const second = signer(stored);
    const ping = tickleSession(await second.client.ok(second.client.POST('/v1/api/tickle')));
    expect(ping.iserver?.authStatus?.authenticated).toBe(true);
    expect(second.sent).toEqual([
      '/v1/api/oauth/live_session_token 200',
      '/v1/api/iserver/auth/ssodh/init 200',
    ]);
  });

  it('a signed session reaches no /gw/api/v1 operation: its signature and its cookie answer 401', async () => {
    const { client } = signer();
    const { session } = tickleSession(await client.ok(client.POST('/v1/api/tickle')));
    const signed = await client.GET('/gw/api/v1/echo/https');
    expect(signed.response.status).toBe(401);
    expect(signed.error).toMatchObject({
      status: 401,
      detail: 'Missing bearer token: an OAuth 1.0a signature is not accepted here',
    });
    const byCookie = await suite.client.GET('/gw/api/v1/echo/https', {
      headers: { cookie: `api=${session}` },
    });
    expect(byCookie.response.status).toBe(401);
    expect(byCookie.error).toMatchObject({
      detail: 'Missing bearer token: a session cookie is not accepted here',
    });
  });

  it('an unsigned request to the hosted server answers 401', async () => {
    const { response } = await suite.client.POST('/v1/api/tickle');
    expect(response.status).toBe(401);
  });
});

describeInProcess('OAuth 2.0 token and single sign-on', () => {
  const suite = useTarget();
  const tokenPath = '/oauth2/api/v1/token';

  async function token(scope: string): Promise<string> {
    const assertion = await clientAssertion(
      oauth2Client(),
      suite.target.baseUrl + tokenPath,
      controls(suite.target).clock.now(),
    );
    const { data, response } = await suite.client.POST(tokenPath, {
      body: {
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
        scope,
      },
    });
    expect(response.status).toBe(200);
    expect(data?.token_type).toBe('Bearer');
    return data?.access_token ?? '';
  }

  it('createOAuth2Token issues a bearer token for a signed client assertion', async () => {
    expect(await token('sso-sessions.write')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('createOAuth2Token with a forged assertion answers 401; without a scope 400', async () => {
    const body = {
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: 'e30.e30.AAAA',
      scope: 'sso-sessions.write',
    } as const;
    expect((await suite.client.POST(tokenPath, { body })).response.status).toBe(401);
    const noScope = await suite.client.POST(tokenPath, {
      body: { ...body, scope: undefined } as never,
    });
    expect(noScope.response.status).toBe(400);
  });

  it('createSsoSession opens a session whose id works as the api cookie', async () => {
    const bearer = await token('sso-sessions.write');
    const { data, response } = await suite.client.POST('/gw/api/v1/sso-sessions', {
      body: { credential: 'demo_individual', ip: '127.0.0.1' },
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(response.status).toBe(200);
    const ping = await suite.client.ok(
      suite.client.POST('/v1/api/tickle', { headers: { cookie: `api=${data?.sessionId ?? ''}` } }),
    );
    expect(tickleSession(ping).session).toBe(data?.sessionId);
  });

  it('createSsoBrowserSession answers a one-time link; the wrong scope answers 403, no token 401', async () => {
    const bearer = await token('sso-browser-sessions.write');
    const body = { credential: 'demo_individual', ip: '127.0.0.1' };
    const link = await suite.client.POST('/gw/api/v1/sso-browser-sessions', {
      body,
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(link.response.status).toBe(200);
    expect(link.data?.url).toMatch(/^https?:\/\//);
    const wrongScope = await suite.client.POST('/gw/api/v1/sso-sessions', {
      body,
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(wrongScope.response.status).toBe(403);
    const forbidden = await suite.client.POST('/gw/api/v1/sso-browser-sessions', {
      body,
      headers: { authorization: `Bearer ${await token('sso-sessions.write')}` },
    });
    expect(forbidden.response.status).toBe(403);
    const anonymous = await suite.client.POST('/gw/api/v1/sso-browser-sessions', { body });
    expect(anonymous.response.status).toBe(401);
  });
});

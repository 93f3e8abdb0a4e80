import { decodeJwt } from 'jose';
import { startServer, type Harness } from '../harness.js';
import {
  accessToken,
  assertion,
  bothScopes,
  otherKey,
  requestToken,
  tokenPath,
  unsignedJwt,
} from '../oauth2-helper.js';
import { testConsumer } from '../oauth1-helper.js';

// Starting a server per test is slow on a loaded machine.
(import.meta as unknown as { jest: { setTimeout(ms: number): void } }).jest.setTimeout(30_000);

describe('OAuth 2.0 token', () => {
  let server: Harness;
  beforeEach(async () => {
    server = await startServer({ mode: 'hosted' });
  });
  afterEach(() => server.close());

  const problem = (status: number) => ({
    type: 'about:blank',
    status,
    title: expect.any(String),
    detail: expect.any(String),
  });

  it('issues a signed bearer token for the granted scopes (form or JSON)', async () => {
    const answer = await requestToken(server, await assertion(server));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: bothScopes,
    });
    const claims = decodeJwt(answer.body.access_token);
    expect(claims).toMatchObject({
      sub: testConsumer.oauth2.clientId,
      scope: bothScopes,
      exp: Math.floor(server.clock.now() / 1000) + 3600,
    });
    const json = await server.call('POST', tokenPath, {
      body: {
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: await assertion(server),
        scope: 'sso-sessions.write unknown.scope',
      },
    });
    expect(json.body.scope).toBe('sso-sessions.write');
  });

  it('takes the assertions public clients send (aud /token, no jti), each only once', async () => {
    const publicClients = await assertion(server, { aud: '/token', jti: undefined });
    const answer = await requestToken(server, publicClients);
    expect(answer.status).toBe(200);
    expect(answer.body.token_type).toBe('Bearer');
    const replayed = await requestToken(server, publicClients);
    expect(replayed.status).toBe(401);
    expect(replayed.body.detail).toBe('Assertion already used');
  });

  it('answers 400 problem details for a missing parameter or no grantable scope', async () => {
    const missing = await server.call('POST', tokenPath, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'x' }).toString(),
    });
    expect(missing.status).toBe(400);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(missing.body).toMatchObject(problem(400));
    expect((await requestToken(server, await assertion(server), 'nothing.here')).status).toBe(400);
  });

  describe('refuses an assertion with 401 problem details', () => {
    const refused = async (clientAssertion: string, detail: string) => {
      const answer = await requestToken(server, clientAssertion);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.body).toMatchObject({ ...problem(401), detail });
    };

    it('alg: none', async () => {
      const now = Math.floor(server.clock.now() / 1000);
      const { clientId } = testConsumer.oauth2;
      await refused(
        unsignedJwt({
          iss: clientId,
          sub: clientId,
          aud: server.baseUrl + tokenPath,
          iat: now,
          exp: now + 60,
          jti: 'x',
        }),
        'Token algorithm not allowed',
      );
    });
    it('signed with a wrong key', async () =>
      refused(await assertion(server, {}, { key: await otherKey() }), 'Invalid token signature'));
    it('an unknown key id', async () =>
      refused(await assertion(server, {}, { kid: 'other' }), 'Unknown key id'));
    it('an unknown client', async () =>
      refused(await assertion(server, { iss: 'NOBODY', sub: 'NOBODY' }), 'Unknown client'));
    it('a subject other than the client', async () =>
      refused(await assertion(server, { sub: 'someone' }), 'Invalid token claim: sub'));
    it('a wrong audience', async () =>
      refused(
        await assertion(server, { aud: 'https://elsewhere/token' }),
        'Invalid token claim: aud',
      ));
    it('an expired assertion', async () => {
      const expired = await assertion(server);
      server.clock.advance(61_000);
      await refused(expired, 'Token expired');
    });
    it('a lifetime over five minutes', async () =>
      refused(
        await assertion(server, {}, { lifetimeSeconds: 301 }),
        'Assertion lifetime too long',
      ));
    it('an assertion dated an hour ahead of the server (a minute of skew is accepted)', async () => {
      await refused(
        await assertion(server, {}, { aheadSeconds: 3600 }),
        'Assertion issued in the future',
      );
      expect(
        (await requestToken(server, await assertion(server, {}, { aheadSeconds: 30 }))).status,
      ).toBe(200);
    });
    it('a replayed jti', async () => {
      const once = await assertion(server, { jti: 'fixed-id' });
      expect((await requestToken(server, once)).status).toBe(200);
      await refused(once, 'Assertion already used');
    });
  });

  it('keeps the granted token valid for an hour of the server clock', async () => {
    const token = await accessToken(server, 'sso-sessions.write');
    const create = () =>
      server.call('POST', '/gw/api/v1/sso-sessions', {
        headers: { authorization: `Bearer ${token}` },
        body: { credential: 'demo_individual', ip: '203.0.113.45' },
      });
    server.clock.advance(3599_000);
    expect((await create()).status).toBe(200);
    server.clock.advance(1000);
    expect(await create()).toMatchObject({ status: 401, body: { detail: 'Token expired' } });
  });
});

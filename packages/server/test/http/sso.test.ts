import { decodeJwt, SignJWT } from 'jose';
import { pino } from 'pino';
import { startServer, type Harness } from '../harness.js';
import { accessToken, otherKey, unsignedJwt } from '../oauth2-helper.js';
import { TestConsumer } from '../oauth1-helper.js';

// Starting a server per test is slow on a loaded machine.
(import.meta as unknown as { jest: { setTimeout(ms: number): void } }).jest.setTimeout(30_000);

const day = 24 * 60 * 60_000;

describe('single sign-on', () => {
  let server: Harness;
  beforeEach(async () => {
    server = await startServer({ mode: 'hosted' });
  });
  afterEach(() => server.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const createSession = async (body: Record<string, unknown> = {}, token?: string) =>
    server.call('POST', '/gw/api/v1/sso-sessions', {
      headers: bearer(token ?? (await accessToken(server))),
      body: { credential: 'demo_advisor', ip: '203.0.113.45', ...body },
    });

  describe('sso-sessions', () => {
    it('opens a brokerage session for the end user, usable by bearer token or api cookie', async () => {
      const answer = await createSession({ service: 'AM.LOGIN' });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        active: true,
        token_type: 'Bearer',
        userId: 10002002,
        userName: 'demo_advisor',
        authenticated: true,
        connected: true,
        competing: false,
        expires: server.clock.now() + day,
      });
      const byToken = await server.call('GET', '/v1/api/iserver/accounts', {
        headers: bearer(answer.body.access_token),
      });
      expect(byToken.status).toBe(200);
      expect(byToken.body.accounts).toContain('F7654321');
      const ping = await server.call('POST', '/v1/api/tickle', {
        headers: { cookie: `api=${answer.body.sessionId}` },
      });
      expect(ping.body.session).toBe(answer.body.sessionId);
    });

    it('leaves the brokerage session closed with publish: false until ssodh/init', async () => {
      const { body } = await createSession({ publish: false });
      expect(body.authenticated).toBe(false);
      const headers = bearer(body.access_token);
      expect((await server.call('GET', '/v1/api/iserver/accounts', { headers })).body.error).toBe(
        'no bridge',
      );
      await server.call('POST', '/v1/api/iserver/auth/ssodh/init', {
        headers,
        body: { publish: true, compete: true },
      });
      expect((await server.call('GET', '/v1/api/iserver/accounts', { headers })).status).toBe(200);
    });

    it('reports competing while another session holds the connection, and takes it over with compete', async () => {
      const token = await accessToken(server);
      const first = await createSession({}, token);
      const second = await createSession({}, token);
      expect(second.body).toMatchObject({ competing: true, authenticated: false });
      const third = await createSession({ compete: true }, token);
      expect(third.body).toMatchObject({ competing: false, authenticated: true });
      expect(
        (await server.call('POST', '/v1/api/tickle', { headers: bearer(first.body.access_token) }))
          .status,
      ).toBe(401);
    });

    it('ends with logout and with the idle timeout', async () => {
      const token = await accessToken(server);
      const loggedOut = (await createSession({}, token)).body.access_token;
      expect(
        (await server.call('POST', '/v1/api/logout', { headers: bearer(loggedOut) })).body,
      ).toEqual({ status: true });
      expect(
        (await server.call('POST', '/v1/api/tickle', { headers: bearer(loggedOut) })).status,
      ).toBe(401);
      const idle = (await createSession({ compete: true }, token)).body.access_token;
      server.clock.advance(server.options.sessionTimeoutMs);
      expect((await server.call('POST', '/v1/api/tickle', { headers: bearer(idle) })).status).toBe(
        401,
      );
    });
  });

  describe('errors as problem details', () => {
    const expectProblem = (
      answer: { status: number; headers: Headers; body: unknown },
      status: number,
      detail?: string,
    ) => {
      expect(answer.status).toBe(status);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.body).toMatchObject({
        type: 'about:blank',
        status,
        ...(detail ? { detail } : {}),
      });
    };

    it('401 without a token or with an invalid one', async () => {
      const body = { credential: 'demo_advisor', ip: '203.0.113.45' };
      expectProblem(
        await server.call('POST', '/gw/api/v1/sso-sessions', { body }),
        401,
        'Missing bearer token',
      );
      expectProblem(
        await server.call('POST', '/gw/api/v1/sso-sessions', { body, headers: bearer('a.b.c') }),
        401,
        'Invalid token',
      );
    });

    it('401 for alg: none, a wrong key, a token of another kind and an expired token', async () => {
      const good = decodeJwt(await accessToken(server));
      expectProblem(await createSession({}, unsignedJwt(good)), 401, 'Token algorithm not allowed');
      const forged = await new SignJWT(good)
        .setProtectedHeader({ alg: 'RS256', kid: 'reference-server-1' })
        .sign(await otherKey());
      expectProblem(await createSession({}, forged), 401, 'Invalid token signature');
      const sessionToken = (await createSession()).body.access_token as string;
      expectProblem(await createSession({}, sessionToken), 401, 'Invalid token claim: iss');
      const expiring = await accessToken(server);
      server.clock.advance(3600_000);
      expectProblem(await createSession({}, expiring), 401, 'Token expired');
    });

    it('403 for a token without the scope, or an end user the client may not act for', async () => {
      const browserOnly = await accessToken(server, 'sso-browser-sessions.write');
      expectProblem(
        await createSession({}, browserOnly),
        403,
        'Insufficient scope: sso-sessions.write required',
      );
      expectProblem(await createSession({ credential: 'stranger' }), 403);
      const sessionsOnly = await accessToken(server, 'sso-sessions.write');
      const link = await server.call('POST', '/gw/api/v1/sso-browser-sessions', {
        headers: bearer(sessionsOnly),
        body: { credential: 'demo_advisor', ip: '127.0.0.1' },
      });
      expectProblem(link, 403, 'Insufficient scope: sso-browser-sessions.write required');
    });

    it('400 for a missing parameter', async () => {
      const answer = await server.call('POST', '/gw/api/v1/sso-sessions', {
        headers: bearer(await accessToken(server)),
        body: { ip: '203.0.113.45' },
      });
      expectProblem(answer, 400);
    });
  });

  describe('brokerage calls with a bearer token', () => {
    it('refuse an OAuth 2.0 access token (wrong audience), a forged or unsigned session token, and an expired one', async () => {
      const token = await accessToken(server);
      expect((await server.call('POST', '/v1/api/tickle', { headers: bearer(token) })).status).toBe(
        401,
      );
      const created = await createSession({}, token);
      const claims = decodeJwt(created.body.access_token);
      expect(
        (await server.call('POST', '/v1/api/tickle', { headers: bearer(unsignedJwt(claims)) }))
          .status,
      ).toBe(401);
      const forged = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256' })
        .sign(await otherKey());
      expect(
        (await server.call('POST', '/v1/api/tickle', { headers: bearer(forged) })).status,
      ).toBe(401);
      await server.close();
      server = await startServer({ mode: 'hosted', sessionTimeoutMs: 2 * day });
      const longLived = (await createSession()).body.access_token as string;
      server.clock.advance(day - 1000);
      expect(
        (await server.call('POST', '/v1/api/tickle', { headers: bearer(longLived) })).status,
      ).toBe(200);
      server.clock.advance(1000);
      expect(
        (await server.call('POST', '/v1/api/tickle', { headers: bearer(longLived) })).status,
      ).toBe(401);
    });
  });

  describe('sso-browser-sessions', () => {
    const createLink = async (ip = '127.0.0.1') =>
      server.call('POST', '/gw/api/v1/sso-browser-sessions', {
        headers: bearer(await accessToken(server)),
        body: { credential: 'demo_individual', ip, path: '/portal/#/dashboard/positions' },
      });

    it('answers a one-time link to the portal that signs the user in from the given address', async () => {
      const answer = await createLink();
      expect(answer.body).toMatchObject({ active: true, expiresIn: 60 });
      const url = new URL(answer.body.url);
      expect(url.pathname).toBe('/sso/Dispatcher');
      expect(url.searchParams.get('path')).toBe('/portal/#/dashboard/positions');
      const first = await fetch(answer.body.url);
      expect(first.status).toBe(200);
      expect(await first.text()).toContain('Signed in as demo_individual');
      const cookie = /api=([0-9a-f]{32})/.exec(first.headers.get('set-cookie') ?? '')?.[1];
      expect(
        (await server.call('POST', '/v1/api/tickle', { headers: { cookie: `api=${cookie}` } })).body
          .userId,
      ).toBe(10001001);
      expect((await fetch(answer.body.url)).status).toBe(401);
    });

    it('refuses the link from another address or after it expires', async () => {
      expect((await fetch((await createLink('198.51.100.7')).body.url)).status).toBe(401);
      const late = await createLink();
      server.clock.advance(60_000);
      expect((await fetch(late.body.url)).status).toBe(401);
    });
  });

  it('logs no secret: tokens, signatures, the live session token or the portal link', async () => {
    await server.close();
    const lines: string[] = [];
    server = await startServer({
      mode: 'hosted',
      logger: pino({ level: 'debug' }, { write: (line: string) => lines.push(line) }),
    });
    const consumer = new TestConsumer(server);
    await consumer.obtainAccessToken();
    await consumer.createLiveSessionToken();
    const signed = await consumer.signed('POST', '/v1/api/tickle');
    expect(
      (await consumer.signed('POST', '/v1/api/tickle', undefined, { oauth_signature: 'AAAA' }))
        .status,
    ).toBe(401);
    const token = await accessToken(server);
    const session = await createSession({}, token);
    const link = await server.call('POST', '/gw/api/v1/sso-browser-sessions', {
      headers: bearer(token),
      body: { credential: 'demo_advisor', ip: '127.0.0.1' },
    });
    await server.call('POST', '/v1/api/tickle', { headers: bearer(session.body.access_token) });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    const secrets = [
      consumer.accessToken,
      consumer.liveSessionToken.toString('base64'),
      token,
      session.body.access_token as string,
      signed.body.session as string,
      new URL(link.body.url).searchParams.get('token') ?? 'missing',
    ];
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});

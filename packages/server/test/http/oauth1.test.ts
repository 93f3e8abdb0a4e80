import { createHmac, generateKeyPairSync } from 'node:crypto';
import { registerConsumer } from '../../src/compose/services.js';
import { startServer, type Harness } from '../harness.js';
import { TestConsumer, testConsumer } from '../oauth1-helper.js';

const day = 24 * 60 * 60_000;

// Starting a server per test is slow on a loaded machine.
(import.meta as unknown as { jest: { setTimeout(ms: number): void } }).jest.setTimeout(30_000);

describe('OAuth 1.0a', () => {
  let server: Harness;
  let consumer: TestConsumer;
  beforeEach(async () => {
    server = await startServer({ mode: 'hosted' });
    consumer = new TestConsumer(server);
  });
  afterEach(() => server.close());

  async function connect(): Promise<void> {
    await consumer.obtainAccessToken();
    expect((await consumer.createLiveSessionToken()).status).toBe(200);
  }

  describe('the three legs', () => {
    it('issues a request token, an access token with an encrypted secret, and a live session token the client can verify', async () => {
      const issued = await consumer.obtainAccessToken();
      expect(issued.body.is_paper).toBe(false);
      expect(consumer.accessToken).toMatch(/^[0-9a-f]{20}$/);
      expect(consumer.secret).toHaveLength(32);
      const answer = await consumer.createLiveSessionToken();
      expect(answer.body.live_session_token_expiration).toBe(server.clock.now() + day);
      const check = createHmac('sha1', consumer.liveSessionToken)
        .update(testConsumer.oauth1.consumerKey)
        .digest('hex');
      expect(answer.body.live_session_token_signature).toBe(check);
    });

    it('maps HMAC-signed requests to the session; ssodh/init opens the brokerage session', async () => {
      await connect();
      expect((await consumer.signed('GET', '/v1/api/iserver/accounts')).body).toMatchObject({
        error: 'no bridge',
      });
      const init = await consumer.signed('POST', '/v1/api/iserver/auth/ssodh/init', {
        publish: true,
        compete: true,
      });
      expect(init.body).toMatchObject({ authenticated: true });
      const accounts = await consumer.signed('GET', '/v1/api/iserver/accounts');
      expect(accounts.status).toBe(200);
      expect(accounts.body.accounts).toEqual(['U1234567']);
    });

    it('signs query parameters too', async () => {
      await connect();
      await consumer.signed('POST', '/v1/api/iserver/auth/ssodh/init', {
        publish: true,
        compete: true,
      });
      const answer = await consumer.signed(
        'GET',
        '/v1/api/iserver/contract/265598/algos?addDescription=1',
      );
      expect(answer.status).toBe(200);
      const header = consumer.header(
        'GET',
        '/v1/api/iserver/contract/265598/algos?addDescription=1',
        { oauth_token: consumer.accessToken },
        { hmac: consumer.liveSessionToken },
      );
      const tampered = await consumer.call(
        'GET',
        '/v1/api/iserver/contract/265598/algos?addDescription=0',
        header,
      );
      expect(tampered).toMatchObject({ status: 401, body: { error: 'invalid OAuth signature' } });
    });

    it('lets the session work through the api cookie too', async () => {
      await connect();
      const ping = await consumer.signed('POST', '/v1/api/tickle');
      const byCookie = await server.call('POST', '/v1/api/tickle', {
        headers: { cookie: `api=${ping.body.session}` },
      });
      expect(byCookie.status).toBe(200);
      expect(byCookie.body.userId).toBe(10001001);
    });

    it('uses the authorization page for a consumer that does not authorize automatically', async () => {
      const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const pem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
      registerConsumer(server.services, {
        consumerKey: 'PAGECONS',
        signaturePublicKey: pem,
        encryptionPublicKey: pem,
        dhPrime: testConsumer.oauth1.dhPrime,
        users: ['demo_advisor'],
      });
      const other = new TestConsumer(server, 'PAGECONS');
      Object.defineProperty(other, 'signatureKey', { value: keys.privateKey });
      const requestToken = await other.requestToken();
      const path = '/v1/api/oauth/access_token';
      const withoutVerifier = await other.call(
        'POST',
        path,
        other.header('POST', path, { oauth_token: requestToken }, { rsa: true }),
      );
      expect(withoutVerifier.status).toBe(401);
      const form = await fetch(`${server.baseUrl}/oauth/authorize?oauth_token=${requestToken}`);
      expect(await form.text()).toContain('demo_advisor');
      const granted = await fetch(`${server.baseUrl}/oauth/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ oauth_token: requestToken, username: 'demo_advisor' }),
      });
      const verifier = /id="oauth_verifier">([0-9a-f]+)</.exec(await granted.text())?.[1] ?? '';
      const wrong = await other.call(
        'POST',
        path,
        other.header(
          'POST',
          path,
          { oauth_token: requestToken, oauth_verifier: 'ffff' },
          { rsa: true },
        ),
      );
      expect(wrong.status).toBe(401);
      const right = await other.call(
        'POST',
        path,
        other.header(
          'POST',
          path,
          { oauth_token: requestToken, oauth_verifier: verifier },
          { rsa: true },
        ),
      );
      expect(right.status).toBe(200);
      const reused = await other.call(
        'POST',
        path,
        other.header(
          'POST',
          path,
          { oauth_token: requestToken, oauth_verifier: verifier },
          { rsa: true },
        ),
      );
      expect(reused.status).toBe(401);
    });
  });

  describe('failures answer 401', () => {
    const requestTokenPath = '/v1/api/oauth/request_token';
    const tokenRequest = (overrides: Record<string, string> = {}) =>
      consumer.call(
        'POST',
        requestTokenPath,
        consumer.header(
          'POST',
          requestTokenPath,
          { oauth_callback: 'oob' },
          { rsa: true },
          overrides,
        ),
      );

    it('a missing or unparseable header', async () => {
      expect((await server.call('POST', requestTokenPath)).status).toBe(401);
      const garbled = await consumer.call('POST', requestTokenPath, 'OAuth this is not it');
      expect(garbled.status).toBe(401);
      expect(garbled.body).toEqual({
        error: 'missing or unparseable OAuth authorization header',
        statusCode: 401,
      });
    });

    it('an unknown consumer', async () => {
      expect((await tokenRequest({ oauth_consumer_key: 'NOBODY' })).body.error).toBe(
        'unknown consumer',
      );
    });

    it('a wrong signature', async () => {
      const answer = await tokenRequest({
        oauth_signature: Buffer.alloc(256, 1).toString('base64'),
      });
      expect(answer).toMatchObject({ status: 401, body: { error: 'invalid OAuth signature' } });
    });

    it('a timestamp outside the window, either way', async () => {
      const now = Math.floor(server.clock.now() / 1000);
      expect((await tokenRequest({ oauth_timestamp: String(now - 301) })).status).toBe(401);
      expect((await tokenRequest({ oauth_timestamp: String(now + 301) })).status).toBe(401);
      expect((await tokenRequest({ oauth_timestamp: String(now - 299) })).status).toBe(200);
    });

    it('a reused nonce', async () => {
      expect((await tokenRequest({ oauth_nonce: 'same' })).status).toBe(200);
      const replay = await tokenRequest({ oauth_nonce: 'same' });
      expect(replay).toMatchObject({ status: 401, body: { error: 'nonce already used' } });
    });

    it('a live session token request without the prepend, or with the request token', async () => {
      await consumer.obtainAccessToken();
      const secret = consumer.secret;
      consumer.secret = Buffer.alloc(0);
      expect((await consumer.createLiveSessionToken()).status).toBe(401);
      consumer.secret = secret;
      consumer.accessToken = await consumer.requestToken();
      expect((await consumer.createLiveSessionToken()).body.error).toBe('unknown access token');
    });

    it('a malformed Diffie-Hellman challenge', async () => {
      await consumer.obtainAccessToken();
      const path = '/v1/api/oauth/live_session_token';
      const extra = { oauth_token: consumer.accessToken, diffie_hellman_challenge: '1' };
      const answer = await consumer.call(
        'POST',
        path,
        consumer.header('POST', path, extra, {
          rsa: true,
          prepend: consumer.secret.toString('hex'),
        }),
      );
      expect(answer).toMatchObject({
        status: 401,
        body: { error: 'invalid diffie_hellman_challenge' },
      });
    });

    it('a brokerage request with a wrong HMAC, an unknown token or a replayed nonce', async () => {
      await connect();
      expect(
        (await consumer.signed('POST', '/v1/api/tickle', undefined, { oauth_signature: 'AAAA' }))
          .status,
      ).toBe(401);
      expect(
        (
          await consumer.signed('POST', '/v1/api/tickle', undefined, {
            oauth_token: 'ffffffffffffffffffff',
          })
        ).body.error,
      ).toBe('unknown access token');
      expect(
        (await consumer.signed('POST', '/v1/api/tickle', undefined, { oauth_nonce: 'n1' })).status,
      ).toBe(200);
      server.clock.advance(1000);
      expect(
        (await consumer.signed('POST', '/v1/api/tickle', undefined, { oauth_nonce: 'n1' })).body
          .error,
      ).toBe('nonce already used');
    });

    it('an expired live session token (24 hours on the server clock), until a new one is made', async () => {
      await server.close();
      server = await startServer({ mode: 'hosted', sessionTimeoutMs: 2 * day });
      consumer = new TestConsumer(server);
      await connect();
      server.clock.advance(day - 1);
      expect((await consumer.signed('POST', '/v1/api/tickle')).status).toBe(200);
      server.clock.advance(1);
      const expired = await consumer.signed('POST', '/v1/api/tickle');
      expect(expired).toMatchObject({ status: 401, body: { error: 'live session token expired' } });
      expect((await consumer.createLiveSessionToken()).status).toBe(200);
      expect((await consumer.signed('POST', '/v1/api/tickle')).status).toBe(200);
    });

    it('a new live session token replaces the previous one and its session', async () => {
      await connect();
      const first = consumer.liveSessionToken;
      expect((await consumer.createLiveSessionToken()).status).toBe(200);
      expect((await consumer.signed('POST', '/v1/api/tickle')).status).toBe(200);
      consumer.liveSessionToken = first;
      expect((await consumer.signed('POST', '/v1/api/tickle')).status).toBe(401);
    });
  });

  describe('sessions', () => {
    it('logout ends the session; the access token stays good for a new live session token', async () => {
      await connect();
      expect((await consumer.signed('POST', '/v1/api/logout')).body).toEqual({ status: true });
      expect((await consumer.signed('POST', '/v1/api/tickle')).status).toBe(401);
      expect((await consumer.createLiveSessionToken()).status).toBe(200);
      expect((await consumer.signed('POST', '/v1/api/tickle')).status).toBe(200);
    });

    it('the idle timeout ends the session', async () => {
      await connect();
      server.clock.advance(server.options.sessionTimeoutMs);
      expect((await consumer.signed('POST', '/v1/api/tickle')).status).toBe(401);
    });
  });
});

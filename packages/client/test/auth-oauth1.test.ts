import { setup, type Setup } from './support/server.js';
import { oauth1, type OAuth1Options } from '../src/auth/oauth1.js';
import { createBrokerageClient } from '../src/index.js';
import { recordingFetch, testConsumer, testRequestTimeoutMs } from './auth-support.js';

// Starting a server per test is slow on a loaded machine.
(import.meta as unknown as { jest: { setTimeout(ms: number): void } }).jest.setTimeout(30_000);

const day = 24 * 60 * 60_000;

describe('OAuth 1.0a client', () => {
  let env: Setup;
  afterEach(() => env.close());

  const provider = (overrides: Partial<OAuth1Options> = {}) => {
    const recorder = recordingFetch();
    const auth = oauth1({
      baseUrl: env.baseUrl,
      consumerKey: testConsumer.oauth1.consumerKey,
      realm: testConsumer.oauth1.realm,
      signatureKey: testConsumer.oauth1.signaturePrivateKey,
      encryptionKey: testConsumer.oauth1.encryptionPrivateKey,
      dhPrime: testConsumer.oauth1.dhPrime,
      clock: env.clock,
      fetch: recorder.send,
      ...overrides,
    });
    const client = createBrokerageClient({
      baseUrl: env.baseUrl,
      auth,
      fetch: recorder.send,
      pacing: false,
      retry: false,
      timeoutMs: testRequestTimeoutMs,
    });
    return { auth, client, sent: recorder.sent };
  };

  it('completes the flow against a fresh hosted server and places an order', async () => {
    env = await setup({ mode: 'hosted' });
    const { client, sent } = provider();
    const accounts = await client.ok(client.GET('/v1/api/iserver/accounts'));
    expect(accounts?.accounts).toEqual(['U1234567']);
    expect(sent.map(({ path }) => path).slice(0, 5)).toEqual([
      '/v1/api/oauth/request_token',
      '/v1/api/oauth/access_token',
      '/v1/api/oauth/live_session_token',
      '/v1/api/iserver/auth/ssodh/init',
      '/v1/api/iserver/accounts',
    ]);
    const placed = await client.placeOrder(
      'U1234567',
      { conid: 265598, orderType: 'LMT', price: 189, side: 'BUY', tif: 'DAY', quantity: 1 },
      { answer: () => true },
    );
    expect(placed[0]?.order_id).toMatch(/^\d+$/);
  });

  it('reuses a stored access token and only runs the Diffie-Hellman step', async () => {
    env = await setup({ mode: 'hosted' });
    const first = provider();
    const stored = await first.auth.accessToken();
    const { client, sent } = provider({
      accessToken: stored.token,
      accessTokenSecret: stored.secret,
    });
    expect((await client.POST('/v1/api/tickle')).response.status).toBe(200);
    expect(sent[0]?.path).toBe('/v1/api/oauth/live_session_token');
  });

  it('renews the live session token before it expires, on the clock it is given', async () => {
    env = await setup({ mode: 'hosted', sessionTimeoutMs: 2 * day });
    const { auth, client, sent } = provider();
    await client.ok(client.POST('/v1/api/tickle'));
    const firstExpiry = auth.expiresAt();
    expect(firstExpiry).toBe(env.clock.now() + day);
    env.clock.advance(day - 11 * 60_000);
    await client.ok(client.POST('/v1/api/tickle'));
    expect(sent.filter(({ path }) => path.endsWith('/live_session_token'))).toHaveLength(1);
    env.clock.advance(60_000);
    const accounts = await client.ok(client.GET('/v1/api/iserver/accounts'));
    expect(accounts?.accounts).toEqual(['U1234567']);
    expect(sent.filter(({ path }) => path.endsWith('/live_session_token'))).toHaveLength(2);
    expect(auth.expiresAt()).toBeGreaterThan(firstExpiry ?? 0);
  });

  it('makes a new live session token after a 401 (the session ended) and retries once', async () => {
    env = await setup({ mode: 'hosted' });
    const { client, sent } = provider();
    await client.ok(client.POST('/v1/api/tickle'));
    env.clock.advance(env.server.options.sessionTimeoutMs);
    const accounts = await client.ok(client.GET('/v1/api/iserver/accounts'));
    expect(accounts?.accounts).toEqual(['U1234567']);
    expect(sent.map(({ status }) => status)).toContain(401);
  });

  it('fails loudly with keys that do not belong to the consumer', async () => {
    env = await setup({ mode: 'hosted' });
    const { client } = provider({ signatureKey: testConsumer.oauth1.encryptionPrivateKey });
    await expect(client.POST('/v1/api/tickle')).rejects.toThrow(
      'OAuth 1.0a: /v1/api/oauth/request_token answered 401',
    );
  });
});

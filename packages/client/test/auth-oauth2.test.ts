import { setup, type Setup } from './support/server.js';
import { oauth2, singleSignOn } from '../src/auth/oauth2.js';
import { createBrokerageClient, tickleSession } from '../src/index.js';
import { recordingFetch, testConsumer, testRequestTimeoutMs } from './auth-support.js';

// Starting a server per test is slow on a loaded machine.
(import.meta as unknown as { jest: { setTimeout(ms: number): void } }).jest.setTimeout(30_000);

describe('OAuth 2.0 and single sign-on client', () => {
  let env: Setup;
  beforeEach(async () => {
    env = await setup({ mode: 'hosted' });
  });
  afterEach(() => env.close());

  const credentials = () => ({
    baseUrl: env.baseUrl,
    clientId: testConsumer.oauth2.clientId,
    privateKey: testConsumer.oauth2.privateJwk,
    clock: env.clock,
  });

  it('opens an end user session by single sign-on and places an order with it', async () => {
    const recorder = recordingFetch();
    const auth = singleSignOn({
      ...credentials(),
      fetch: recorder.send,
      credential: 'demo_individual',
      ip: '203.0.113.45',
    });
    const client = createBrokerageClient({
      baseUrl: env.baseUrl,
      auth,
      fetch: recorder.send,
      pacing: false,
      retry: false,
      timeoutMs: testRequestTimeoutMs,
    });
    const accounts = await client.ok(client.GET('/v1/api/iserver/accounts'));
    expect(accounts?.accounts).toEqual(['U1234567']);
    expect(recorder.sent.map(({ path }) => path)).toEqual([
      '/oauth2/api/v1/token',
      '/gw/api/v1/sso-sessions',
      '/v1/api/iserver/accounts',
    ]);
    const placed = await client.placeOrder(
      'U1234567',
      { conid: 265598, orderType: 'LMT', price: 189, side: 'BUY', tif: 'DAY', quantity: 1 },
      { answer: () => true },
    );
    expect(placed[0]?.order_id).toMatch(/^\d+$/);
    const ping = tickleSession(await client.ok(client.POST('/v1/api/tickle')));
    expect(ping.session).toBe((await auth.session()).sessionId);
  });

  it('caches the OAuth 2.0 token and asks for a new one shortly before it expires', async () => {
    const recorder = recordingFetch();
    const auth = oauth2({
      ...credentials(),
      fetch: recorder.send,
      scope: ['sso-browser-sessions.write'],
    });
    const client = createBrokerageClient({
      baseUrl: env.baseUrl,
      auth,
      fetch: recorder.send,
      pacing: false,
      retry: false,
      timeoutMs: testRequestTimeoutMs,
    });
    const link = () =>
      client.ok(
        client.POST('/gw/api/v1/sso-browser-sessions', {
          body: { credential: 'demo_individual', ip: '127.0.0.1' },
        }),
      );
    expect((await link())?.url).toContain('/sso/Dispatcher?token=');
    env.clock.advance(3540_000 - 1);
    await link();
    expect(recorder.sent.filter(({ path }) => path === '/oauth2/api/v1/token')).toHaveLength(1);
    env.clock.advance(1);
    await link();
    expect(recorder.sent.filter(({ path }) => path === '/oauth2/api/v1/token')).toHaveLength(2);
  });

  it('creates a new session after the old one ended (401, then retry)', async () => {
    const recorder = recordingFetch();
    const auth = singleSignOn({
      ...credentials(),
      fetch: recorder.send,
      credential: 'demo_advisor',
      ip: '203.0.113.45',
      compete: true,
    });
    const client = createBrokerageClient({
      baseUrl: env.baseUrl,
      auth,
      fetch: recorder.send,
      pacing: false,
      retry: false,
      timeoutMs: testRequestTimeoutMs,
    });
    await client.ok(client.POST('/v1/api/logout'));
    const ping = tickleSession(await client.ok(client.POST('/v1/api/tickle')));
    expect(ping.userId).toBe(10002002);
    expect(recorder.sent.filter(({ path }) => path === '/gw/api/v1/sso-sessions')).toHaveLength(2);
  });

  it('reports a refused assertion with the server detail', async () => {
    const { privateJwk } = testConsumer.oauth2;
    const auth = oauth2({
      ...credentials(),
      privateKey: privateJwk,
      kid: 'unknown',
      scope: 'sso-sessions.write',
    });
    const client = createBrokerageClient({
      baseUrl: env.baseUrl,
      auth,
      pacing: false,
      retry: false,
      timeoutMs: testRequestTimeoutMs,
    });
    await expect(
      client.POST('/gw/api/v1/sso-sessions', {
        body: { credential: 'demo_individual', ip: '1.2.3.4' },
      }),
    ).rejects.toThrow('OAuth 2.0: the token request answered 401 Unknown key id');
  });
});

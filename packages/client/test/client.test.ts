import {
  BrokerageApiError,
  bearerToken,
  createBrokerageClient,
  isApiError,
  sessionCookie,
  tickleSession,
} from '../src/index.js';
import { testRequestTimeoutMs } from './auth-support.js';
import { setup, type Setup } from './support/server.js';

describe('typed client against the reference server', () => {
  let env: Setup;
  afterEach(() => env.close());

  it('calls an operation in gateway mode with no credentials and types its answer', async () => {
    env = await setup();
    const client = env.client();
    const { data, error } = await env.drive(client.POST('/v1/api/tickle'));
    expect(error).toBeUndefined();
    const ping = tickleSession(data ?? { error: 'no answer' });
    expect(ping.iserver?.authStatus?.authenticated).toBe(true);
    expect(ping.session).toMatch(/^[0-9a-f]{32}$/);
  });

  it('needs no auth option against gateway mode (none is the default)', async () => {
    env = await setup();
    const client = createBrokerageClient({
      baseUrl: env.baseUrl,
      pacing: false,
      retry: false,
      timeoutMs: testRequestTimeoutMs,
    });
    const ping = tickleSession(await client.ok(client.POST('/v1/api/tickle')));
    expect(ping.iserver?.authStatus?.authenticated).toBe(true);
    await client.close();
  });

  it('ok() answers the data, or throws one error class with status, operation and parsed error object', async () => {
    env = await setup({ mode: 'hosted' });
    const client = env.client();
    const failure = await env
      .drive(client.ok(client.POST('/v1/api/tickle')))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BrokerageApiError);
    expect(failure).toMatchObject({
      status: 401,
      operation: 'tickle',
      body: { kind: 'errorObject', value: { statusCode: 401 } },
    });
    expect(isApiError(failure, 401)).toBe(true);
  });

  it('parses an error-only body (500 on switching to an unknown account)', async () => {
    env = await setup();
    const client = env.client();
    const failure = await env
      .drive(client.ok(client.POST('/v1/api/iserver/account', { body: { acctId: 'U0000000' } })))
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      status: 500,
      operation: 'switchAccount',
      body: { kind: 'errorOnly' },
    });
  });

  it('parses problem details (OAuth 2.0 token operation with a bad body)', async () => {
    env = await setup();
    const client = env.client();
    const failure = await env
      .drive(
        client.ok(
          client.POST('/oauth2/api/v1/token', {
            body: { grant_type: 'client_credentials' } as never,
          }),
        ),
      )
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      status: 400,
      operation: 'createOAuth2Token',
      body: { kind: 'problem', value: { status: 400 } },
    });
  });

  it('sends the api session cookie in hosted mode', async () => {
    env = await setup({ mode: 'hosted' });
    const session = env.openSession();
    const client = env.client({ auth: sessionCookie(session.id) });
    const ping = tickleSession(await env.drive(client.ok(client.POST('/v1/api/tickle'))));
    expect(ping.session).toBe(session.id);
  });

  it('refreshes a bearer token after a 401 and sends the request once more', async () => {
    let token = 'stale';
    let refreshes = 0;
    env = await setup({
      mode: 'hosted',
      authenticators: [
        (request) => (request.headers.authorization === 'Bearer fresh' ? session() : undefined),
      ],
    });
    const session = () => env.openSession();
    const client = env.client({
      auth: bearerToken(
        () => token,
        async () => {
          refreshes += 1;
          token = 'fresh';
          return true;
        },
      ),
    });
    const status = await env.drive(client.ok(client.GET('/v1/api/iserver/auth/status')));
    expect(status.authenticated).toBe(true);
    expect(refreshes).toBe(1);
    expect(env.sent.map((entry) => entry.status)).toEqual([401, 200]);
  });
});

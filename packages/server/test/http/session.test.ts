import { startServer, type Harness } from '../harness.js';
import { userSession } from '../user-session.js';

describe('sessions', () => {
  let server: Harness;
  afterEach(() => server.close());

  it('answers the ping with the session, the time left and the nested auth status', async () => {
    server = await startServer();
    const ping = await server.call('POST', '/v1/api/tickle');
    expect(ping.status).toBe(200);
    expect(ping.body).toMatchObject({
      session: expect.stringMatching(/^[0-9a-f]{32}$/),
      ssoExpires: 24 * 60 * 60_000,
      collission: false,
      hmds: { error: 'no bridge' },
      iserver: { authStatus: { authenticated: true, connected: true, competing: false } },
    });
  });

  it('answers the ping sent as GET as the POST', async () => {
    server = await startServer();
    const post = await server.call('POST', '/v1/api/tickle');
    const get = await server.call('GET', '/v1/api/tickle');
    expect(get.status).toBe(200);
    expect(get.body).toEqual(post.body);
  });

  it('names one server in the ping, the auth status and the accounts list', async () => {
    server = await startServer();
    const ping = (await server.call('POST', '/v1/api/tickle')).body;
    const status = (await server.call('POST', '/v1/api/iserver/auth/status')).body;
    const accounts = (await server.call('GET', '/v1/api/iserver/accounts')).body;
    expect(status.serverInfo).toEqual(ping.iserver.authStatus.serverInfo);
    expect(accounts.serverInfo).toEqual(status.serverInfo);
    expect(status.hardware_info).toBe(`40000001|${status.MAC}`);
  });

  it('counts ssoExpires down on the server clock', async () => {
    server = await startServer();
    const first = await server.call('POST', '/v1/api/tickle');
    server.clock.advance(90_000);
    const second = await server.call('POST', '/v1/api/tickle');
    expect(first.body.ssoExpires - second.body.ssoExpires).toBe(90_000);
  });

  it('keeps the session on any request, not only the ping', async () => {
    server = await startServer({ sessionTimeoutMs: 120_000 });
    server.clock.advance(100_000);
    expect((await server.call('GET', '/v1/api/iserver/auth/status')).status).toBe(200);
    server.clock.advance(100_000);
    expect((await server.call('POST', '/v1/api/tickle')).status).toBe(200);
  });

  it('ends the session after the idle timeout: brokerage calls answer 401', async () => {
    server = await startServer({ sessionTimeoutMs: 120_000 });
    await server.call('POST', '/v1/api/tickle');
    server.clock.advance(120_000);
    const after = await server.call('POST', '/v1/api/tickle');
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: 'not authenticated', statusCode: 401 });
  });

  it('keeps the session open while the ping is called periodically', async () => {
    server = await startServer({ sessionTimeoutMs: 120_000 });
    for (let minute = 0; minute < 10; minute++) {
      server.clock.advance(60_000);
      expect((await server.call('POST', '/v1/api/tickle')).status).toBe(200);
    }
  });

  it('accepts the ping session value as the api cookie, and refuses an unknown one', async () => {
    server = await startServer({ mode: 'hosted' });
    const { session } = userSession(server, 'demo_advisor', { brokerageOpen: true });
    const ping = await server.call('POST', '/v1/api/tickle', {
      headers: { cookie: `api=${session.id}` },
    });
    expect(ping.status).toBe(200);
    expect(ping.body.session).toBe(session.id);
    const unknown = await server.call('POST', '/v1/api/tickle', {
      headers: { cookie: 'api=0123' },
    });
    expect(unknown.status).toBe(401);
  });

  it('answers 401 in hosted mode without credentials', async () => {
    server = await startServer({ mode: 'hosted' });
    expect((await server.call('POST', '/v1/api/tickle')).status).toBe(401);
    expect((await server.call('GET', '/v1/api/iserver/accounts')).status).toBe(401);
  });

  it('answers no bridge on /iserver calls until ssodh/init opens the brokerage session', async () => {
    server = await startServer({ mode: 'hosted' });
    const { session } = userSession(server, 'demo_individual', { brokerageOpen: false });
    const cookie = { cookie: `api=${session.id}` };
    const before = await server.call('GET', '/v1/api/iserver/accounts', { headers: cookie });
    expect(before.status).toBe(400);
    expect(before.body).toEqual({ error: 'no bridge', statusCode: 400 });
    const status = await server.call('POST', '/v1/api/iserver/auth/status', { headers: cookie });
    expect(status.body).toMatchObject({ authenticated: false, connected: true });
    const init = await server.call('POST', '/v1/api/iserver/auth/ssodh/init', {
      headers: cookie,
      body: { publish: true, compete: true },
    });
    expect(init.status).toBe(200);
    expect(init.body).toMatchObject({ authenticated: true, established: true });
    expect(
      (await server.call('POST', '/v1/api/iserver/auth/status', { headers: cookie })).body
        .authenticated,
    ).toBe(true);
  });

  it('opens the brokerage session from an empty init body, as the service accepts it', async () => {
    server = await startServer({ mode: 'hosted' });
    const { session } = userSession(server, 'demo_individual', { brokerageOpen: false });
    const init = await server.call('POST', '/v1/api/iserver/auth/ssodh/init', {
      headers: { cookie: `api=${session.id}` },
      body: {},
    });
    expect(init.status).toBe(200);
    expect(init.body.authenticated).toBe(true);
  });

  it('refuses a session init body whose fields are not booleans with 400', async () => {
    server = await startServer();
    const answer = await server.call('POST', '/v1/api/iserver/auth/ssodh/init', {
      body: { publish: 'yes' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.statusCode).toBe(400);
    expect(answer.body.error).toMatch(/^Bad Request: /);
  });

  it('ends the session on logout', async () => {
    server = await startServer();
    expect((await server.call('POST', '/v1/api/logout')).body).toEqual({ status: true });
    expect((await server.call('POST', '/v1/api/tickle')).status).toBe(401);
  });
});

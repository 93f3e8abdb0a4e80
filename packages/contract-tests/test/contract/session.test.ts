// Session operations: ping, authentication status, brokerage session, logout.
import { tickleSession } from '@brokerage/client';
import { controls, describeInProcess } from '../../src/target.js';
import { useTarget } from '../support/target.js';

describe('session', () => {
  const suite = useTarget();

  it('tickle answers the session and its brokerage status', async () => {
    const ping = tickleSession(await suite.client.ok(suite.client.POST('/v1/api/tickle')));
    expect(ping.session).toMatch(/\S/);
    expect(ping.iserver?.authStatus?.authenticated).toBe(true);
  });

  it('getTickle answers the ping as the POST does', async () => {
    const ping = tickleSession(await suite.client.ok(suite.client.GET('/v1/api/tickle')));
    expect(ping.iserver?.authStatus?.authenticated).toBe(true);
  });

  it('getAuthStatus and checkAuthStatus agree, and name the server the accounts list names', async () => {
    const viaGet = await suite.client.GET('/v1/api/iserver/auth/status');
    const viaPost = await suite.client.POST('/v1/api/iserver/auth/status');
    expect(viaGet.response.status).toBe(200);
    expect(viaPost.data?.authenticated).toBe(viaGet.data?.authenticated);
    expect(viaPost.data?.connected).toBe(true);
    const accounts = await suite.client.GET('/v1/api/iserver/accounts');
    expect(accounts.data?.serverInfo).toEqual(viaPost.data?.serverInfo);
  });

  it('initBrokerageSession on an open session keeps it authenticated', async () => {
    const { data, response } = await suite.client.POST('/v1/api/iserver/auth/ssodh/init', {
      body: { publish: true, compete: true },
    });
    expect(response.status).toBe(200);
    expect(data?.authenticated).toBe(true);
  });

  it('reauthenticate answers triggered and leaves the brokerage session open', async () => {
    const { data, response } = await suite.client.POST('/v1/api/iserver/reauthenticate');
    expect(response.status).toBe(200);
    expect(data?.message).toBe('triggered');
    const status = await suite.client.POST('/v1/api/iserver/auth/status');
    expect(status.data?.authenticated).toBe(true);
  });

  it('validateSso names the user of the ping and the time the ping says is left', async () => {
    const ping = tickleSession(await suite.client.ok(suite.client.POST('/v1/api/tickle')));
    const sso = await suite.client.ok(suite.client.GET('/v1/api/sso/validate'));
    expect(sso.RESULT).toBe(true);
    expect(sso.USER_ID).toBe(ping.userId);
    expect(sso.EXPIRES).toBeGreaterThan(0);
    // Fields the service may leave out: compared when sent.
    expect(sso.EXPIRES).toBeLessThanOrEqual(ping.ssoExpires ?? Number.POSITIVE_INFINITY);
    expect(sso.lastAccessed).toBeGreaterThanOrEqual(sso.AUTH_TIME ?? Number.NEGATIVE_INFINITY);
  });

  it('initBrokerageSession takes an empty body, and answers 400 to a field that is not a boolean', async () => {
    const empty = await suite.client.POST('/v1/api/iserver/auth/ssodh/init', { body: {} });
    expect(empty.data?.authenticated).toBe(true);
    const { response } = await suite.client.POST('/v1/api/iserver/auth/ssodh/init', {
      body: { publish: 'yes' } as never,
    });
    expect(response.status).toBe(400);
  });
});

describeInProcess('logout', () => {
  const suite = useTarget();

  it('ends the session: the next call with its cookie answers 401', async () => {
    const { session } = tickleSession(await suite.client.ok(suite.client.POST('/v1/api/tickle')));
    const { data, response } = await suite.client.POST('/v1/api/logout');
    expect(response.status).toBe(200);
    expect(data?.status).toBe(true);
    const after = await suite.client.POST('/v1/api/tickle', {
      headers: { cookie: `api=${session}` },
    });
    expect(after.response.status).toBe(401);
    controls(suite.target).server.openGatewaySession();
  });
});

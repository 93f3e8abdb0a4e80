// Session operations: ping, authentication status, brokerage session, logout.
import { controls, describeInProcess } from '../../src/target.js';
import { useTarget } from '../support/target.js';

describe('session', () => {
  const suite = useTarget();

  it('tickle answers the session and its brokerage status', async () => {
    const { data, response } = await suite.client.POST('/v1/api/tickle');
    expect(response.status).toBe(200);
    expect(data?.session).toMatch(/\S/);
    expect(data?.iserver.authStatus.authenticated).toBe(true);
  });

  it('getAuthStatus and checkAuthStatus agree', async () => {
    const viaGet = await suite.client.GET('/v1/api/iserver/auth/status');
    const viaPost = await suite.client.POST('/v1/api/iserver/auth/status');
    expect(viaGet.response.status).toBe(200);
    expect(viaPost.data?.authenticated).toBe(viaGet.data?.authenticated);
    expect(viaPost.data?.connected).toBe(true);
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

  it('initBrokerageSession without its required fields answers 400', async () => {
    const { response } = await suite.client.POST('/v1/api/iserver/auth/ssodh/init', {
      body: { publish: true } as never,
    });
    expect(response.status).toBe(400);
  });
});

describeInProcess('logout', () => {
  const suite = useTarget();

  it('ends the session: the next call with its cookie answers 401', async () => {
    const ping = await suite.client.POST('/v1/api/tickle');
    const session = ping.data?.session ?? '';
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

// The control API seeds notifications, allocation groups and models.
import { startServer, type Harness } from '../harness.js';
import { userSession } from '../user-session.js';

describe('control API: seeding advisors and notifications', () => {
  let server: Harness;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(() => server.close());

  it('adds a notification that the user sees once the kind is acknowledged', async () => {
    const seeded = await server.call('POST', '/control/notifications', {
      body: {
        username: 'demo_individual',
        typecode: 'EA',
        title: 'FYI: Earnings',
        content: '<html>Soon.</html>',
      },
    });
    expect(seeded.status).toBe(200);
    expect(seeded.body).toMatchObject({ username: 'demo_individual', typecode: 'EA' });
    const { headers } = userSession(server, 'demo_individual');
    await server.call('PUT', '/v1/api/fyi/disclaimer/EA', { headers });
    const list = await server.call('GET', '/v1/api/fyi/notifications?max=5', { headers });
    expect(list.body).toEqual([
      expect.objectContaining({
        ID: (seeded.body as { id: string }).id,
        MS: 'FYI: Earnings',
        R: 0,
      }),
    ]);
  });

  it('refuses an unknown user (404) and an unknown kind (400)', async () => {
    const body = { username: 'nobody', typecode: 'EA', title: 'T', content: '' };
    expect((await server.call('POST', '/control/notifications', { body })).status).toBe(404);
    const kind = { ...body, username: 'demo_individual', typecode: 'ZZ' };
    expect((await server.call('POST', '/control/notifications', { body: kind })).status).toBe(400);
  });

  it('adds allocation groups and models of an advisor, checked as the brokerage checks them', async () => {
    const group = await server.call('POST', '/control/allocation-groups', {
      body: {
        username: 'demo_advisor',
        name: 'Growth',
        method: 'E',
        accounts: [{ name: 'U2345671' }],
      },
    });
    expect(group.body).toEqual({ username: 'demo_advisor', name: 'Growth' });
    const model = await server.call('POST', '/control/models', {
      body: {
        username: 'demo_advisor',
        model: 'Core',
        positionTargets: [{ conid: 265598, target: 50 }],
      },
    });
    expect(model.body).toEqual({ username: 'demo_advisor', name: 'Core' });
    const notAdvisor = await server.call('POST', '/control/allocation-groups', {
      body: { username: 'demo_individual', name: 'G', accounts: [{ name: 'U2345671' }] },
    });
    expect(notAdvisor.status).toBe(400);

    const { headers } = userSession(server, 'demo_advisor');
    const groups = await server.call('GET', '/v1/api/iserver/account/allocation/group', {
      headers,
    });
    expect(groups.body).toEqual({ data: [{ allocation_method: 'E', size: 1, name: 'Growth' }] });
    const models = await server.call('POST', '/v1/api/fa/model/list', { headers, body: {} });
    expect((models.body as { models: { model: string }[] }).models.map((m) => m.model)).toEqual([
      'Core',
    ]);
  });
});

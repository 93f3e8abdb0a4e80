// GET /fyi/notifications/more: the batch of notifications older than a given one, from the same
// inbox as the list (seeded through the control API, so that the ids and their order are known).
import { startServer, type Harness } from '../harness.js';
import { userSession } from '../user-session.js';

describe('getMoreNotifications', () => {
  let server: Harness;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(() => server.close());

  /** Seeds `count` notifications of one kind for demo_individual; their ids, oldest first. */
  async function seed(count: number, typecode = 'EA'): Promise<string[]> {
    const ids: string[] = [];
    for (let n = 1; n <= count; n++) {
      const seeded = await server.call('POST', '/control/notifications', {
        body: { username: 'demo_individual', typecode, title: `FYI ${n}`, content: '' },
      });
      ids.push((seeded.body as { id: string }).id);
    }
    return ids;
  }

  const idsOf = (body: unknown) => (body as { ID: string }[]).map((entry) => entry.ID);

  it('answers the notifications older than the given one, newest first, at most 10', async () => {
    const ids = await seed(13);
    const { headers } = userSession(server, 'demo_individual');
    await server.call('PUT', '/v1/api/fyi/disclaimer/EA', { headers });
    const newest = ids.at(-1) ?? '';
    const more = await server.call('GET', `/v1/api/fyi/notifications/more?id=${newest}`, {
      headers,
    });
    expect(more.status).toBe(200);
    expect(idsOf(more.body)).toEqual(ids.slice(2, 12).reverse());
    const oldest = await server.call('GET', `/v1/api/fyi/notifications/more?id=${ids[0]}`, {
      headers,
    });
    expect(oldest.body).toEqual([]);
  });

  it('continues where the list stopped, over every acknowledged kind', async () => {
    const earnings = await seed(2, 'EA');
    const alerts = await seed(2, 'UA');
    const { headers } = userSession(server, 'demo_individual');
    await server.call('PUT', '/v1/api/fyi/disclaimer/EA', { headers });
    await server.call('PUT', '/v1/api/fyi/disclaimer/UA', { headers });
    const list = await server.call('GET', '/v1/api/fyi/notifications?max=1', { headers });
    const last = idsOf(list.body).at(-1) ?? '';
    const more = await server.call('GET', `/v1/api/fyi/notifications/more?id=${last}`, {
      headers,
    });
    expect(idsOf(more.body)).toEqual([alerts[0], earnings[1], earnings[0]]);
  });

  it('refuses a missing or unknown id with 400', async () => {
    const { headers } = userSession(server, 'demo_individual');
    const missing = await server.call('GET', '/v1/api/fyi/notifications/more', { headers });
    expect(missing.status).toBe(400);
    const unknown = await server.call('GET', '/v1/api/fyi/notifications/more?id=1', { headers });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: expect.any(String) });
  });
});

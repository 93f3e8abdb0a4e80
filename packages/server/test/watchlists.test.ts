import { startServer, type Harness } from './harness.js';
import { userSession } from './user-session.js';

describe('watchlists', () => {
  let server: Harness;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(() => server.close());

  const create = (body: unknown, headers?: Record<string, string>) =>
    server.call('POST', '/v1/api/iserver/watchlist', { body, ...(headers ? { headers } : {}) });
  const stored = () => server.brokerage.store.collection('watchlists').values();
  const tech = { id: '1234', name: 'Tech stocks', rows: [{ C: 265598 }, { H: '' }, { C: 272093 }] };

  it('creates the watchlist: answers its id, name and a change stamp, instruments always empty', async () => {
    const answer = await create(tech);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: '1234',
      hash: String(server.clock.now()),
      name: 'Tech stocks',
      readOnly: false,
      instruments: [],
    });
  });

  it('stores the rows of the watchlist for the session user, unknown conids as given', async () => {
    await create({ id: '7', name: 'Mixed', rows: [{ C: 265598 }, { H: '' }, { C: 999999999 }] });
    expect(stored()).toEqual([
      {
        id: '7',
        name: 'Mixed',
        username: 'demo_individual',
        rows: [{ C: 265598 }, { H: '' }, { C: 999999999 }],
        hash: String(server.clock.now()),
        readOnly: false,
      },
    ]);
  });

  it('refuses an id already used by the user with 400 and keeps the first watchlist', async () => {
    expect((await create(tech)).status).toBe(200);
    const duplicate = await create({ ...tech, name: 'Other', rows: [] });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toEqual({ error: 'Watchlist id 1234 already exists', statusCode: 400 });
    expect(stored()).toHaveLength(1);
    expect(stored()[0]).toMatchObject({ name: 'Tech stocks', rows: tech.rows });
  });

  it('lets another user use the same id', async () => {
    await create(tech);
    const answer = await create(tech, userSession(server, 'demo_advisor').headers);
    expect(answer.status).toBe(200);
    expect(
      stored()
        .map((watchlist) => watchlist.username)
        .sort(),
    ).toEqual(['demo_advisor', 'demo_individual']);
  });

  it('refuses a non-numeric id, a missing field or a malformed row with 400', async () => {
    for (const body of [
      { ...tech, id: 'abc' },
      { ...tech, id: '12a' },
      { name: 'No id', rows: [] },
      { id: '1', rows: [] },
      { id: '1', name: 'No rows' },
      { ...tech, rows: [{ H: 'x' }] },
      { ...tech, rows: [{ C: 'AAPL' }] },
    ]) {
      const answer = await create(body);
      expect(answer.status).toBe(400);
      expect(answer.body.statusCode).toBe(400);
    }
    expect(stored()).toEqual([]);
  });
});

import { startServer, type Harness } from '../harness.js';
import { userSession } from '../user-session.js';

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

  describe('list, read and delete', () => {
    const list = (query = '', headers?: Record<string, string>) =>
      server.call('GET', `/v1/api/iserver/watchlists${query}`, headers ? { headers } : {});
    const read = (id: string) => server.call('GET', `/v1/api/iserver/watchlist?id=${id}`);
    const remove = (query: string, body?: unknown) =>
      server.call(
        'DELETE',
        `/v1/api/iserver/watchlist${query}`,
        body === undefined ? {} : { body },
      );

    it("lists the user's watchlists, most recent first, and the service's unless SC=USER_WATCHLIST", async () => {
      await create(tech);
      server.clock.advance(1000);
      await create({ id: '99', name: 'Later', rows: [] });
      const own = await list('?SC=USER_WATCHLIST');
      expect(own.status).toBe(200);
      expect(own.body).toEqual({
        data: {
          scanners_only: false,
          show_scanners: false,
          bulk_delete: false,
          user_lists: [
            {
              is_open: false,
              read_only: false,
              name: 'Later',
              modified: server.clock.now(),
              id: '99',
              type: 'watchlist',
            },
            {
              is_open: false,
              read_only: false,
              name: 'Tech stocks',
              modified: server.clock.now() - 1000,
              id: '1234',
              type: 'watchlist',
            },
          ],
        },
        action: 'content',
        MID: '3',
      });
      const all = await list();
      expect(all.body.MID).toBe('4');
      expect(all.body.data.system_lists.map((entry: { id: string }) => entry.id)).toEqual([
        'US_LARGE_CAPS',
        'US_GROWTH',
      ]);
      expect(all.body.data.system_lists[0]).toEqual({
        is_open: false,
        read_only: true,
        name: 'US large caps',
        id: 'US_LARGE_CAPS',
        type: 'watchlist',
      });
    });

    it("shows no other user's watchlists", async () => {
      await create(tech);
      const other = await list('?SC=USER_WATCHLIST', userSession(server, 'demo_advisor').headers);
      expect(other.body.data.user_lists).toEqual([]);
      expect(other.body.MID).toBe('1');
    });

    it('reads a watchlist with its rows described, blank rows and unknown conids as given', async () => {
      await create({ id: '7', name: 'Mixed', rows: [{ C: 265598 }, { H: '' }, { C: 999999999 }] });
      const answer = await read('7');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        id: '7',
        hash: String(server.clock.now()),
        name: 'Mixed',
        readOnly: false,
        instruments: [
          {
            ST: 'STK',
            C: '265598',
            conid: 265598,
            name: 'APPLE INC',
            fullName: 'AAPL',
            assetClass: 'STK',
            ticker: 'AAPL',
            chineseName: '&#x82F9;&#x679C;&#x516C;&#x53F8;',
          },
          { H: '' },
          { C: '999999999', conid: 999999999 },
        ],
      });
      expect((await read('US_GROWTH')).body.readOnly).toBe(true);
    });

    it('answers 400 for an id that names no watchlist of the user', async () => {
      const answer = await read('4321');
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'Watchlist 4321 not found', statusCode: 400 });
    });

    it('deletes by the query id or by a JSON body id, and counts the request', async () => {
      await create(tech);
      await create({ id: '55', name: 'Body', rows: [] });
      const byQuery = await remove('?id=1234');
      expect(byQuery.status).toBe(200);
      expect(byQuery.body).toEqual({ data: { deleted: '1234' }, action: 'context', MID: '3' });
      const byBody = await remove('', { id: '55' });
      expect(byBody.body).toEqual({ data: { deleted: '55' }, action: 'context', MID: '4' });
      expect(stored()).toEqual([]);
      expect((await list('?SC=USER_WATCHLIST')).body.data.user_lists).toEqual([]);
    });

    it('refuses a deletion without an id, of an unknown id or of a read-only list with 400, deleting nothing', async () => {
      await create(tech);
      for (const [query, error] of [
        ['', 'Bad Request: id needed'],
        ['?id=4321', 'Watchlist 4321 not found'],
        ['?id=US_LARGE_CAPS', 'Watchlist US_LARGE_CAPS is read-only'],
      ] as const) {
        const answer = await remove(query);
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ error, statusCode: 400 });
      }
      expect(stored()).toHaveLength(1);
    });
  });
});

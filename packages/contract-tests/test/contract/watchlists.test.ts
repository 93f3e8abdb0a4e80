// Watchlists: created, listed, read and deleted.
import type { Body } from '@brokerage/types';
import { useTarget } from '../support/target.js';

describe('watchlists', () => {
  const suite = useTarget();

  it('createWatchlist stores the rows; a duplicate id answers 400', async () => {
    const body: Body<'createWatchlist'> = {
      id: '4321',
      name: 'Tech',
      rows: [{ C: 265598 }, { H: '' }],
    };
    const { data, response } = await suite.client.POST('/v1/api/iserver/watchlist', { body });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ id: '4321', name: 'Tech' });
    const again = await suite.client.POST('/v1/api/iserver/watchlist', { body });
    expect(again.response.status).toBe(400);
  });

  it('getWatchlists, getWatchlist and deleteWatchlist list, read and delete a watchlist', async () => {
    // Ids are unique per user, also across runs against one external server.
    const id = String(Date.now() % 1_000_000_000);
    await suite.client.POST('/v1/api/iserver/watchlist', {
      body: { id, name: 'Contract test', rows: [{ C: 265598 }, { H: '' }] },
    });
    const lists = await suite.client.GET('/v1/api/iserver/watchlists', {
      params: { query: { SC: 'USER_WATCHLIST' } },
    });
    expect(lists.response.status).toBe(200);
    expect(lists.data?.data?.user_lists?.map((entry) => entry.id)).toContain(id);
    const one = await suite.client.GET('/v1/api/iserver/watchlist', { params: { query: { id } } });
    expect(one.response.status).toBe(200);
    expect(one.data?.instruments).toHaveLength(2);
    const deleted = await suite.client.DELETE('/v1/api/iserver/watchlist', {
      params: { query: { id } },
    });
    expect(deleted.data?.data?.deleted).toBe(id);
    const gone = await suite.client.GET('/v1/api/iserver/watchlist', { params: { query: { id } } });
    expect(gone.response.status).toBe(400);
  });

  it('deleteWatchlist takes the id in a JSON body too', async () => {
    const id = String((Date.now() % 1_000_000_000) + 1);
    await suite.client.POST('/v1/api/iserver/watchlist', { body: { id, name: 'Body', rows: [] } });
    const { data, response } = await suite.client.DELETE('/v1/api/iserver/watchlist', {
      body: { id },
    });
    expect(response.status).toBe(200);
    expect(data?.data?.deleted).toBe(id);
  });
});

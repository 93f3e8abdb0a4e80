import type { Watchlist } from './model.js';

/** The service's own read-only lists, as data: ids outside the users' digits-only ids, so that
 * they never collide; rows by conid of the fixture catalogue. */
export const systemWatchlists: readonly Watchlist[] = [
  {
    id: 'US_LARGE_CAPS',
    name: 'US large caps',
    username: '',
    rows: [{ C: 265598 }, { C: 272093 }, { C: 3691937 }, { C: 4815747 }, { C: 8314 }],
    hash: '1704067200000',
    readOnly: true,
  },
  {
    id: 'US_GROWTH',
    name: 'US growth',
    username: '',
    rows: [{ C: 76792991 }, { C: 4815747 }, { H: '' }, { C: 265598 }],
    hash: '1704067200000',
    readOnly: true,
  },
];

const byId = new Map(systemWatchlists.map((watchlist) => [watchlist.id, watchlist]));

export const systemWatchlist = (id: string): Watchlist | undefined => byId.get(id);

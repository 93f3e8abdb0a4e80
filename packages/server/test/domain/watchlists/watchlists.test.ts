// The users' watchlists and the service's read-only lists, without HTTP.
import { accountId, domain, domainErrorOf } from '../services.js';

const user = 'demo_individual';

describe('watchlists', () => {
  it("keeps each user's lists apart, most recently changed first", () => {
    const { services, clock } = domain();
    const { watchlists } = services;
    watchlists.create(user, { id: '100', name: 'first', rows: [{ C: 265598 }] });
    clock.advance(1000);
    watchlists.create(user, { id: '200', name: 'second', rows: [{ H: '' }] });
    watchlists.create('demo_advisor', { id: '100', name: 'theirs', rows: [] });
    expect(watchlists.ofUser(user).map((list) => list.name)).toEqual(['second', 'first']);
    expect(watchlists.find('demo_advisor', '100').name).toBe('theirs');
    expect(watchlists.find(user, '100').rows).toEqual([{ C: 265598 }]);
  });

  it('takes only digits as an id, and each id once per user', () => {
    const { watchlists } = domain().services;
    expect(domainErrorOf(() => watchlists.create(user, { id: 'x1', name: 'a', rows: [] }))).toEqual(
      {
        kind: 'badRequest',
        message: 'Watchlist id x1 must be a number',
      },
    );
    watchlists.create(user, { id: '7', name: 'a', rows: [] });
    expect(domainErrorOf(() => watchlists.create(user, { id: '7', name: 'b', rows: [] }))).toEqual({
      kind: 'badRequest',
      message: 'Watchlist id 7 already exists',
    });
  });

  it("finds the service's lists for every user, and refuses to delete them", () => {
    const { watchlists } = domain().services;
    const [system] = watchlists.system();
    if (!system) throw new Error('no system list');
    expect(watchlists.find(user, system.id)).toBe(system);
    expect(domainErrorOf(() => watchlists.delete(user, system.id))).toEqual({
      kind: 'badRequest',
      message: `Watchlist ${system.id} is read-only`,
    });
    expect(watchlists.system().map((list) => list.readOnly)).toEqual(
      watchlists.system().map(() => true),
    );
  });

  it('deletes a list of the user; then it is gone, and an id is needed', () => {
    const { watchlists } = domain().services;
    watchlists.create(user, { id: '9', name: 'gone soon', rows: [] });
    expect(watchlists.delete(user, '9').name).toBe('gone soon');
    expect(watchlists.ofUser(user)).toEqual([]);
    expect(domainErrorOf(() => watchlists.find(user, '9'))).toMatchObject({ kind: 'badRequest' });
    expect(domainErrorOf(() => watchlists.delete(user, undefined))).toEqual({
      kind: 'badRequest',
      message: 'Bad Request: id needed',
    });
  });

  it('counts the requests of each session apart', () => {
    const { watchlists } = domain().services;
    expect([1, 2, 3].map(() => watchlists.countRequest('s1'))).toEqual([1, 2, 3]);
    expect(watchlists.countRequest(`s2-${accountId}`)).toBe(1);
  });
});

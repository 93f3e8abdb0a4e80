// The Redis store's URL: its key prefix and its command deadline (no Redis needed: the store
// connects only on open).
import { RedisStore } from '../../src/store/redis/redis-store.js';

describe("the Redis store's URL", () => {
  it('takes commandTimeoutMs as a positive whole number of milliseconds', () => {
    expect(
      () => new RedisStore({ url: 'redis://127.0.0.1:1/0?commandTimeoutMs=3000' }),
    ).not.toThrow();
  });

  it.each(['abc', '0', '-5', '2.5', ''])(
    'refuses commandTimeoutMs=%s with a clear message',
    (value) => {
      expect(
        () => new RedisStore({ url: `redis://127.0.0.1:1/0?commandTimeoutMs=${value}` }),
      ).toThrow(/^commandTimeoutMs must be a positive whole number of milliseconds/);
    },
  );
});

// The store's contract: what every implementation of `Store` must do. Run against each store.
import fc from 'fast-check';
import { ManualClock } from '../../src/domain/kernel/clock.js';
import { DomainEvents, type DomainEvent } from '../../src/domain/kernel/events.js';
import { retentionSweepMs, sweepExpiredRecords } from '../../src/domain/kernel/retention.js';
import type { Store } from '../../src/domain/kernel/store.js';
import { MemoryStore } from '../../src/store/memory.js';
import { RedisStore } from '../../src/store/redis/redis-store.js';
import { startScratchRedis, type ScratchRedis } from '../../src/store/redis/scratch-redis.js';

declare module '../../src/domain/kernel/store.js' {
  interface Collections {
    storeContractItems: { id: string; group: string | undefined };
  }
}

/** A store to test, and what another process opening the same state sees of it (the memory
 * store: itself). */
interface StoreUnderTest {
  create(): Promise<Store>;
  committed(store: Store): Promise<Store>;
}

const itemsOf = (store: Store) => store.collection('storeContractItems');
const ids = (items: { id: string }[]) => items.map((item) => item.id).sort();

let redis: ScratchRedis;
let prefixes = 0;
const opened: RedisStore[] = [];
async function openRedisStore(prefix: string, options: { logLength?: number } = {}) {
  const store = new RedisStore({ url: redis.urlWithPrefix(prefix), ...options });
  opened.push(store);
  await store.open();
  return store;
}
const prefixOf = new WeakMap<Store, string>();

beforeAll(async () => {
  redis = await startScratchRedis();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});
afterAll(async () => {
  await redis.remove();
});

const stores: [string, StoreUnderTest][] = [
  ['memory', { create: async () => new MemoryStore(), committed: async (store) => store }],
  [
    'redis',
    {
      async create() {
        const prefix = `contract-${++prefixes}`;
        const store = await openRedisStore(prefix);
        prefixOf.set(store, prefix);
        return store;
      },
      async committed(store) {
        await (store as RedisStore).settled();
        return openRedisStore(prefixOf.get(store) ?? '');
      },
    },
  ],
];

describe.each(stores)('%s store', (_name, { create: createStore, committed }) => {
  it('keeps records by id, replaces them, deletes them', async () => {
    const store = await createStore();
    const items = itemsOf(store);
    items.set('a', { id: 'a', group: 'x' });
    items.set('a', { id: 'a', group: 'y' });
    expect(items.get('a')).toEqual({ id: 'a', group: 'y' });
    expect(items.delete('a')).toBe(true);
    expect(items.delete('a')).toBe(false);
    expect(items.values()).toEqual([]);
    items.set('b', { id: 'b', group: 'z' });
    expect(itemsOf(await committed(store)).values()).toEqual([{ id: 'b', group: 'z' }]);
  });

  it('keeps an index current through sets, deletes and clears', async () => {
    const store = await createStore();
    const items = itemsOf(store);
    items.set('before', { id: 'before', group: 'x' });
    const byGroup = items.index('byGroup', (item) => item.group);
    items.set('a', { id: 'a', group: 'x' });
    items.set('b', { id: 'b', group: 'y' });
    items.set('c', { id: 'c', group: undefined });
    expect(ids(byGroup.get('x'))).toEqual(['a', 'before']);
    items.set('a', { id: 'a', group: 'y' });
    expect(ids(byGroup.get('x'))).toEqual(['before']);
    expect(ids(byGroup.get('y'))).toEqual(['a', 'b']);
    const seen: string[] = [];
    const isB = (item: { id: string }) => (seen.push(item.id), item.id === 'b');
    expect(byGroup.some('y', isB)).toBe(true);
    expect(byGroup.some('x', isB)).toBe(false);
    expect(byGroup.some('none', isB)).toBe(false);
    expect(seen).toEqual(['b', 'before']); // 'a' (after 'b' in the group) not read
    items.delete('b');
    expect(ids(byGroup.get('y'))).toEqual(['a']);
    store.clear();
    expect(byGroup.get('y')).toEqual([]);
    items.set('d', { id: 'd', group: 'y' });
    expect(ids(byGroup.get('y'))).toEqual(['d']);
    expect(items.index('byGroup', () => 'ignored')).toBe(byGroup);
    items.set('e', { id: 'e', group: 'y' });
    items.set('d', { id: 'd', group: 'y' });
    expect(byGroup.get('y').map((item) => item.id)).toEqual(['d', 'e']);
    const elsewhere = itemsOf(await committed(store));
    expect(ids(elsewhere.index('byGroup', (item) => item.group).get('y'))).toEqual(['d', 'e']);
  });

  it('drops records at their expiry, follows a moved expiry, and keeps the others', async () => {
    const store = await createStore();
    const items = itemsOf(store);
    const byGroup = items.index('byGroup', (item) => item.group);
    items.set('soon', { id: 'soon', group: 'x' }, { expiresAt: 100 });
    items.set('later', { id: 'later', group: 'x' }, { expiresAt: 100 });
    items.set('later', { id: 'later', group: 'x' }, { expiresAt: 300 });
    items.set('earlier', { id: 'earlier', group: 'x' }, { expiresAt: 500 });
    items.set('earlier', { id: 'earlier', group: 'x' }, { expiresAt: 50 });
    items.set('kept', { id: 'kept', group: 'x' }, { expiresAt: 100 });
    items.set('kept', { id: 'kept', group: 'x' });
    store.expire(99);
    expect(ids(items.values())).toEqual(['kept', 'later', 'soon']);
    store.expire(100);
    expect(ids(items.values())).toEqual(['kept', 'later']);
    const elsewhere = await committed(store);
    expect(ids(itemsOf(elsewhere).values())).toEqual(['kept', 'later']);
    elsewhere.expire(300);
    expect(ids(itemsOf(elsewhere).values())).toEqual(['kept']);
    store.expire(1_000);
    expect(ids(items.values())).toEqual(['kept']);
    expect(ids(byGroup.get('x'))).toEqual(['kept']);
  });

  it('holds exactly the records whose expiry is after the time it expired (generated histories)', async () => {
    const step = fc.oneof(
      fc.record({
        op: fc.constant('set' as const),
        id: fc.integer({ min: 0, max: 5 }),
        at: fc.option(fc.integer({ min: 0, max: 50 })),
      }),
      fc.record({ op: fc.constant('delete' as const), id: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ op: fc.constant('expire' as const), now: fc.integer({ min: 0, max: 50 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const store = await createStore();
        const items = itemsOf(store);
        const model = new Map<string, number | null>();
        for (const s of steps) {
          if (s.op === 'set') {
            const id = String(s.id);
            items.set(id, { id, group: 'g' }, s.at === null ? undefined : { expiresAt: s.at });
            model.set(id, s.at);
          } else if (s.op === 'delete') {
            items.delete(String(s.id));
            model.delete(String(s.id));
          } else {
            store.expire(s.now);
            for (const [id, at] of model) if (at !== null && at <= s.now) model.delete(id);
          }
        }
        expect(ids(items.values())).toEqual([...model.keys()].sort());
        expect(ids(itemsOf(await committed(store)).values())).toEqual([...model.keys()].sort());
      }),
      { numRuns: 50 },
    );
  });

  it('is swept on the clock, so that expired records go without any request', async () => {
    const store = await createStore();
    const clock = new ManualClock(0);
    sweepExpiredRecords(store, clock);
    itemsOf(store).set('a', { id: 'a', group: 'x' }, { expiresAt: 10 });
    clock.advance(retentionSweepMs - 1);
    expect(itemsOf(store).get('a')).toBeDefined();
    clock.advance(1);
    expect(itemsOf(store).get('a')).toBeUndefined();
  });
});

describe('redis store shared by processes', () => {
  const counter = (store: Store) => store.collection('sequences');
  const increment = (store: RedisStore) =>
    store.unit(async () => {
      const value = counter(store).get('n') ?? 0;
      await Promise.resolve(); // the unit awaits between its read and its write, as handlers may
      counter(store).set('n', value + 1);
    });

  // The log's reader applies it as it lands; a unit catches up first, so it never reads older.
  it('shows each process what another one committed, at its next unit at the latest', async () => {
    const first = await openRedisStore('shared-1');
    const second = await openRedisStore('shared-1');
    await first.unit(() => itemsOf(first).set('a', { id: 'a', group: 'x' }));
    expect(await second.unit(() => itemsOf(second).get('a'))).toEqual({ id: 'a', group: 'x' });
  });

  it('runs a unit again when another process committed first: no update is lost', async () => {
    const stores = await Promise.all([openRedisStore('shared-2'), openRedisStore('shared-2')]);
    await Promise.all(
      stores.flatMap((store) => Array.from({ length: 15 }, () => increment(store))),
    );
    const elsewhere = await openRedisStore('shared-2');
    expect(counter(elsewhere).get('n')).toBe(30);
    for (const store of stores) await store.unit(() => expect(counter(store).get('n')).toBe(30));
  });

  it('commits nothing for a unit that wrote nothing: the commit counter stays', async () => {
    const store = await openRedisStore('shared-7');
    const { redis: connection, prefix } = store.connection();
    const seq = async () => Number(await connection.get(`${prefix}:seq`));
    await store.unit(() => itemsOf(store).set('a', { id: 'a', group: 'x' }));
    const before = await seq();
    for (let i = 0; i < 5; i++) {
      expect(await store.unit(() => itemsOf(store).get('a'))).toEqual({ id: 'a', group: 'x' });
    }
    expect(await seq()).toBe(before);
    await store.unit(() => itemsOf(store).set('b', { id: 'b', group: 'x' }));
    expect(await seq()).toBe(before + 1);
  });

  it('tells what a unit published once it committed, never from an attempt that lost', async () => {
    const first = await openRedisStore('shared-8');
    const second = await openRedisStore('shared-8');
    const events = new DomainEvents();
    events.deliverCommittedWith((deliver) => first.afterCommit(deliver));
    const published: string[] = [];
    const heard: string[] = [];
    const idOf = (event: DomainEvent) => (event.type === 'bulletinPosted' ? event.id : '');
    events.subscribe((event) => published.push(idOf(event)));
    events.subscribeCommitted((event) => heard.push(idOf(event)));
    let attempts = 0;
    await first.unit(async () => {
      attempts++;
      const value = counter(first).get('n') ?? 0;
      // Another process commits between this attempt's read and its write: the attempt loses.
      if (attempts === 1) await increment(second);
      counter(first).set('n', value + 1);
      events.publish({ type: 'bulletinPosted', time: 0, id: String(value + 1), message: '' });
    });
    expect(attempts).toBe(2);
    expect(published).toEqual(['1', '2']);
    expect(heard).toEqual(['2']);
  });

  it('commits what a failing unit wrote before it failed, and rethrows its error', async () => {
    const store = await openRedisStore('shared-3');
    await expect(
      store.unit(() => {
        itemsOf(store).set('a', { id: 'a', group: 'x' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(itemsOf(await openRedisStore('shared-3')).get('a')).toEqual({ id: 'a', group: 'x' });
  });

  it('reloads everything when the change log no longer reaches back to its last commit', async () => {
    const behind = await openRedisStore('shared-4');
    const writer = await openRedisStore('shared-4', { logLength: 1 });
    for (let n = 0; n < 300; n++) {
      await writer.unit(() => counter(writer).set('n', n));
    }
    await writer.unit(() => counter(writer).clear());
    await writer.unit(() => itemsOf(writer).set('last', { id: 'last', group: 'x' }));
    await behind.unit(() => {
      expect(counter(behind).values()).toEqual([]);
      expect(itemsOf(behind).values()).toEqual([{ id: 'last', group: 'x' }]);
    });
  });

  it('keeps the committed state across a restart of Redis (append-only file)', async () => {
    const store = await openRedisStore('shared-5');
    await store.unit(() => itemsOf(store).set('a', { id: 'a', group: 'x' }, { expiresAt: 50 }));
    await store.close();
    await redis.restart();
    const reopened = await openRedisStore('shared-5');
    expect(itemsOf(reopened).get('a')).toEqual({ id: 'a', group: 'x' });
    reopened.expire(50);
    expect(itemsOf(reopened).get('a')).toBeUndefined();
  });

  it('refuses a record changed in place, which would never reach the other processes', async () => {
    const store = await openRedisStore('shared-6');
    const item = { id: 'a', group: 'x' };
    itemsOf(store).set('a', item);
    expect(() => {
      item.group = 'y';
    }).toThrow(TypeError);
  });
});

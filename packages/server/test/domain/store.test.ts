// The store's contract: what every implementation of `Store` must do. Run against each store.
import fc from 'fast-check';
import { ManualClock } from '../../src/domain/kernel/clock.js';
import { retentionSweepMs, sweepExpiredRecords } from '../../src/domain/kernel/retention.js';
import type { Store } from '../../src/domain/kernel/store.js';
import { MemoryStore } from '../../src/store/memory.js';

declare module '../../src/domain/kernel/store.js' {
  interface Collections {
    storeContractItems: { id: string; group: string | undefined };
  }
}

const stores: [string, () => Store][] = [['memory', () => new MemoryStore()]];

describe.each(stores)('%s store', (_name, createStore) => {
  const itemsOf = (store: Store) => store.collection('storeContractItems');
  const ids = (items: { id: string }[]) => items.map((item) => item.id).sort();

  it('keeps records by id, replaces them, deletes them', () => {
    const items = itemsOf(createStore());
    items.set('a', { id: 'a', group: 'x' });
    items.set('a', { id: 'a', group: 'y' });
    expect(items.get('a')).toEqual({ id: 'a', group: 'y' });
    expect(items.delete('a')).toBe(true);
    expect(items.delete('a')).toBe(false);
    expect(items.values()).toEqual([]);
  });

  it('keeps an index current through sets, deletes and clears', () => {
    const store = createStore();
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
  });

  it('drops records at their expiry, follows a moved expiry, and keeps the others', () => {
    const store = createStore();
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
    store.expire(1_000);
    expect(ids(items.values())).toEqual(['kept']);
    expect(ids(byGroup.get('x'))).toEqual(['kept']);
  });

  it('holds exactly the records whose expiry is after the time it expired (generated histories)', () => {
    const step = fc.oneof(
      fc.record({
        op: fc.constant('set' as const),
        id: fc.integer({ min: 0, max: 5 }),
        at: fc.option(fc.integer({ min: 0, max: 50 })),
      }),
      fc.record({ op: fc.constant('delete' as const), id: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ op: fc.constant('expire' as const), now: fc.integer({ min: 0, max: 50 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const store = createStore();
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
      }),
    );
  });

  it('is swept on the clock, so that expired records go without any request', () => {
    const store = createStore();
    const clock = new ManualClock(0);
    sweepExpiredRecords(store, clock);
    itemsOf(store).set('a', { id: 'a', group: 'x' }, { expiresAt: 10 });
    clock.advance(retentionSweepMs - 1);
    expect(itemsOf(store).get('a')).toBeDefined();
    clock.advance(1);
    expect(itemsOf(store).get('a')).toBeUndefined();
  });
});

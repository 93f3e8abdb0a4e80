import type { StoreView } from './store.js';

/** The next number of a named sequence kept in the store (so a reload starts it over): `start + 1`, `start + 2`, ... */
export function nextInSequence(store: StoreView<'sequences'>, name: string, start: number): number {
  const sequences = store.collection('sequences');
  const next = (sequences.get(name) ?? start) + 1;
  sequences.set(name, next);
  return next;
}

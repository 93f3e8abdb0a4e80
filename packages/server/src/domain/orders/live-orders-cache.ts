// The service's cache of live orders, as a scenario (docs/decisions/service/control-scenarios.md): once
// armed for a user, the next `GET /iserver/account/orders?force=true` of that user clears the
// cache and answers an empty list with `snapshot: false`, as the service does while it starts
// following the account's orders again; the call after it answers the full list.
import type { Schema } from '@brokerage/types';
import type { Brokerage } from '../accounts/brokerage.js';

type CacheContext = Pick<Brokerage, 'store'>;

const cleared = (brokerage: CacheContext) => brokerage.store.collection('liveOrdersCacheCleared');

/** The next forced list of `username`'s orders answers empty, once. */
export function armEmptyForcedList(brokerage: CacheContext, username: string): void {
  cleared(brokerage).set(username, { username });
}

/** The empty answer when `force` meets an armed cache (disarming it), else undefined. */
export function emptyForcedList(
  brokerage: CacheContext,
  username: string,
  force: boolean,
): Schema<'LiveOrders'> | undefined {
  if (!force || !cleared(brokerage).get(username)) return undefined;
  cleared(brokerage).delete(username);
  return { orders: [], snapshot: false };
}

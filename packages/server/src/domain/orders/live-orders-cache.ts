// The service's cache of live orders, as a scenario (docs/decisions/service/control-scenarios.md): once
// armed for a user, the next `GET /iserver/account/orders?force=true` of that user clears the
// cache and answers an empty list with `snapshot: false`, as the service does while it starts
// following the account's orders again; the call after it answers the full list.
import type { Schema } from '@brokerage/types';
import type { OrdersStore } from './store-view.js';

const cleared = (store: OrdersStore) => store.collection('liveOrdersCacheCleared');

/** The next forced list of `username`'s orders answers empty, once. */
export function armEmptyForcedList(store: OrdersStore, username: string): void {
  cleared(store).set(username, { username });
}

/** The empty answer when `force` meets an armed cache (disarming it), else undefined. */
export function emptyForcedList(
  store: OrdersStore,
  username: string,
  force: boolean,
): Schema<'LiveOrders'> | undefined {
  if (!force || !cleared(store).get(username)) return undefined;
  cleared(store).delete(username);
  return { orders: [], snapshot: false };
}

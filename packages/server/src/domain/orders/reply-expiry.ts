// Reply ids that expire, as a scenario (docs/decisions/service/control-scenarios.md): the service
// forgets the reply id of an order held by a warning some time after it gave it. Switched on for
// a user with a lifetime of the simulation's clock, a reply of that user to a held order given
// longer ago than that finds its id expired: the held order is dropped and
// `/iserver/reply/{replyId}` answers as for an unknown id (503 `Reply ID not found`). A client
// recovers by placing the order again.
import type { PendingReply } from './model.js';
import type { OrdersStore } from './store-view.js';

/** How long a reply id lives while the scenario is on, unless the control call says (ours: no
 * source gives the service's figure). */
export const defaultReplyLifetimeMs = 60_000;

const lifetimes = (store: OrdersStore) => store.collection('replyIdsExpiring');

/** From now on, the reply ids of `username`'s held orders expire `afterMs` after they were given
 * (0: as soon as given), until a reset. */
export function expireReplyIdsAfter(store: OrdersStore, username: string, afterMs: number): void {
  lifetimes(store).set(username, { username, afterMs });
}

/** Whether the reply id of `held` has expired for `username` at `now`. */
export function replyIdExpired(
  store: OrdersStore,
  username: string,
  held: Pick<PendingReply, 'heldAt'>,
  now: number,
): boolean {
  const lifetime = lifetimes(store).get(username);
  return lifetime !== undefined && now - held.heldAt >= lifetime.afterMs;
}

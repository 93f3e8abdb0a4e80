// Reply ids that expire, as a scenario (docs/decisions/service/control-scenarios.md): once armed
// for a user, the next answer of that user to an order warning finds its reply id expired: the
// held order is dropped and `/iserver/reply/{replyId}` answers as for an unknown id (503 `Reply ID
// not found`), as it does when the service has forgotten the id. A client recovers by placing the
// order again.
import type { OrdersStore } from './store-view.js';

const armed = (store: OrdersStore) => store.collection('replyIdsExpiring');

/** The next reply of `username` to a held order finds its id expired, once. */
export function armReplyExpiry(store: OrdersStore, username: string): void {
  armed(store).set(username, { username });
}

/** Whether this reply of `username` finds its id expired (disarming the scenario). */
export function replyIdExpired(store: OrdersStore, username: string): boolean {
  if (!armed(store).get(username)) return false;
  armed(store).delete(username);
  return true;
}

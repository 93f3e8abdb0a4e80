import type { RestrictionsStore } from './store-view.js';
import type { Schema } from '@brokerage/types';
import type { Account } from '../accounts/model.js';
import type { Restriction, RestrictionLink } from './model.js';

/** An order's side, as the document names it (the order placement asks with it). */
type Side = Schema<'OrderRequest'>['side'];

/** What the order placement asks of the restrictions: which one, if any, forbids an order. */

/** The restriction links by account: the one declaration of the index (`Restrictions` declares it
 * when the area is built; the order check reads it). */
export const linksByAccount = (store: RestrictionsStore) =>
  store
    .collection('restrictionLinks')
    .index('byAccount', (link: RestrictionLink) => link.accountId);

/** Whether an order of `quantity` on `side` only reduces the account's position in `conid`. */
function reduces(account: Account, conid: number, side: Side, quantity: number): boolean {
  const position = account.positions.find((candidate) => candidate.conid === conid)?.quantity ?? 0;
  return side === 'SELL'
    ? position > 0 && quantity <= position
    : position < 0 && quantity <= -position;
}

/** The restriction attached to the account that forbids the order, if any: a `CLOSINGONLY` one
 * (of the order's contract, or of every contract) when the order does not only reduce a
 * position. Costs what the account's attached restrictions are. */
export function restrictionAgainst(
  store: RestrictionsStore,
  now: number,
  account: Account,
  order: { conid: number; side: Side; quantity: number },
): Restriction | undefined {
  const restrictions = store.collection('restrictions');
  for (const link of linksByAccount(store).get(account.id)) {
    const restriction = restrictions.get(link.restrictionId);
    if (!restriction || (restriction.until !== undefined && restriction.until <= now)) continue;
    if (restriction.conid !== undefined && restriction.conid !== order.conid) continue;
    if (!reduces(account, order.conid, order.side, order.quantity)) return restriction;
  }
  return undefined;
}

// Snapshot fields that accumulate, as a scenario (docs/decisions/service/market-snapshot-fields-accumulate.md):
// the service keeps one feed per contract and session, and its snapshot answers every field
// that feed carries, that is every field asked for the contract since the subscription began, not
// only those of this request. Switched on per user by the control API; unsubscribing the
// contract starts afresh (the subscription, and its fields, end). On the socket the same feed
// shows: an `smd` stream of the contract carries every field subscribed for it so far.
import type { AreaContext } from '../accounts/brokerage.js';
import type { Session } from '../accounts/sessions.js';
import type { MarketDataStore } from './store-view.js';

type FieldsContext = AreaContext<'clock', 'sessions', MarketDataStore>;

const switchedOn = (store: MarketDataStore) => store.collection('snapshotFieldsAccumulating');

/** From now on, `username`'s snapshots answer every field asked so far for each contract. */
export function accumulateSnapshotFields(store: MarketDataStore, username: string): void {
  switchedOn(store).set(username, { username });
}

/** The field codes a snapshot of `conid` answers for `asked` (undefined: the default fields): the
 * asked ones, or while the user's fields accumulate, every one asked since the subscription
 * began, the earlier first (kept on the subscription). */
export function answeredFields(
  context: FieldsContext,
  session: Session,
  conid: number,
  asked: string[] | undefined,
): string[] | undefined {
  if (asked === undefined || !switchedOn(context.store).get(session.username)) return asked;
  const subscriptions = context.store.collection('marketDataSubscriptions');
  const key = `${session.id}|${conid}`;
  const subscription = subscriptions.get(key);
  if (!subscription) return asked;
  const before = subscription.fields ?? [];
  const fields = [...new Set([...before, ...asked])];
  if (fields.length > before.length) {
    // The subscription keeps its end: the single sign-on's.
    const expiresAt = context.clock.now() + context.accounts.sessions.ssoRemainingMs(session);
    subscriptions.set(key, { ...subscription, fields }, { expiresAt });
  }
  return fields;
}

/** The field codes an `smd` stream of `conid` carries when subscribed for `asked` (undefined:
 * every field), `before` the stream of the contract already open on the socket, if any: `asked`,
 * or while the user's fields accumulate, every field subscribed for the contract so far (the
 * stream's before, and those the session's snapshots asked). Reads the store, writes nothing. */
export function streamedFields(
  store: MarketDataStore,
  session: Session,
  conid: number,
  asked: string[] | undefined,
  before: { fields: string[] | undefined } | undefined,
): string[] | undefined {
  if (asked === undefined || !switchedOn(store).get(session.username)) return asked;
  // A stream of every field carries the asked ones already.
  if (before && before.fields === undefined) return undefined;
  const snapshots = store.collection('marketDataSubscriptions').get(`${session.id}|${conid}`);
  return [...new Set([...(snapshots?.fields ?? []), ...(before?.fields ?? []), ...asked])];
}

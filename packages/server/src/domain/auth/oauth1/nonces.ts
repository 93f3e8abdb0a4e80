import { unauthorized } from '../../kernel/errors.js';
import type { Clock } from '../../kernel/clock.js';
import type { Collection } from '../../kernel/store.js';

/** How far an `oauth_timestamp` may be from the server's clock, either way. */
export const timestampWindowMs = 5 * 60_000;

/** A nonce seen, kept (then dropped by the store's expiry) while a request carrying it could still
 * pass the timestamp check. */
export interface SeenNonce {
  id: string;
  seenAt: number;
}

/** Throws unless the header carries a nonce and a timestamp within the window of the clock. */
export function checkTimestamp(clock: Clock, fields: Map<string, string>): void {
  const nonce = fields.get('oauth_nonce') ?? '';
  const timestamp = fields.get('oauth_timestamp') ?? '';
  if (nonce === '' || !/^\d{1,12}$/.test(timestamp))
    throw unauthorized('missing oauth_nonce or oauth_timestamp');
  if (Math.abs(Number(timestamp) * 1000 - clock.now()) > timestampWindowMs) {
    throw unauthorized('oauth_timestamp outside the accepted window');
  }
}

/** Refuses a nonce already seen for this consumer within the window, and remembers it. Call after
 * the signature is verified, so that forged requests cannot burn nonces. */
export function admitNonce(
  nonces: Collection<SeenNonce>,
  clock: Clock,
  consumerKey: string,
  nonce: string,
): void {
  const now = clock.now();
  const id = `${consumerKey}:${nonce}`;
  const seen = nonces.get(id);
  if (seen && now - seen.seenAt <= 2 * timestampWindowMs) throw unauthorized('nonce already used');
  nonces.set(id, { id, seenAt: now }, { expiresAt: now + 2 * timestampWindowMs });
}

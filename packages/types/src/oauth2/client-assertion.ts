// The OAuth 2.0 client assertion (RFC 7523's `private_key_jwt`) as the brokerage's token operation
// takes it, signed by the one signer (`signedJwt`): for the client's token source and the
// reference server's tests, which cannot depend on the client (the client's tests depend on the
// server).
import type { CryptoKey, JWK, JWTPayload } from 'jose';
import { signedJwt } from './signed-jwt.js';

export interface ClientAssertionOptions {
  clientId: string;
  /** The client's private key: an RSA JWK or an imported key. */
  privateKey: JWK | CryptoKey | Uint8Array;
  /** The id of the registered public key (default: the JWK's `kid`). */
  kid?: string;
  /** The token operation's URL, the assertion's audience. */
  audience: string;
  /** When it is issued (epoch ms). */
  nowMs: number;
  /** How long it lasts (default 60 s; the service accepts at most 300). */
  lifetimeSeconds?: number;
  /** Claims added or replaced (a test's wrong audience, a reused `jti`, ...). */
  claims?: JWTPayload;
}

/** A `private_key_jwt` client assertion: RS256, the client as issuer and subject, the token URL
 * as audience, a single-use `jti`. */
export function clientAssertion(options: ClientAssertionOptions): Promise<string> {
  const { clientId, privateKey, kid, nowMs, lifetimeSeconds } = options;
  return signedJwt(
    {
      sub: clientId,
      aud: options.audience,
      jti: globalThis.crypto.randomUUID(),
      ...options.claims,
    },
    { clientId, privateKey, kid, nowMs, lifetimeSeconds },
  );
}

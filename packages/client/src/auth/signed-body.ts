import type { CryptoKey, JWK, JWTPayload } from 'jose';
import { systemClock, type Clock } from '../clock.js';

export interface SignedBodyOptions {
  /** The client id, sent as `iss`. */
  clientId: string;
  /** The client's private key, the one that signs its client assertions (RSA JWK or CryptoKey). */
  privateKey: JWK | CryptoKey;
  /** The id of the registered public key (default: the JWK's `kid`). */
  kid?: string;
  /** Lifetime of the signed body (default 60 s): `exp` is set this long after `iat`. */
  lifetimeSeconds?: number;
  clock?: Pick<Clock, 'now'>;
}

/** The request options of an operation under the signed-JWT security policy (a body of type
 * `application/jwt`, such as `POST /gw/api/v1/echo/signed-jwt`): the claims signed RS256 with the
 * client's key (`signedJwt` of `@brokerage/types/oauth2`), issued now, sent as the compact token
 * itself (not JSON). Spread them into the call:
 * `client.POST(path, await signedJwtBody(claims, options))`. */
export async function signedJwtBody(
  claims: JWTPayload,
  options: SignedBodyOptions,
): Promise<{
  body: string;
  bodySerializer: (body: string) => string;
  headers: { 'content-type': 'application/jwt' };
}> {
  const { clientId, privateKey, kid, lifetimeSeconds } = options;
  const nowMs = (options.clock ?? systemClock).now();
  // Loaded with the first signed body: the signer and jose (some fifty modules) are kept off the
  // client's import, which every test file of a sandbox pays.
  const { signedJwt } = await import('@brokerage/types/oauth2');
  const body = await signedJwt(claims, { clientId, privateKey, kid, nowMs, lifetimeSeconds });
  return { body, bodySerializer: (text) => text, headers: { 'content-type': 'application/jwt' } };
}

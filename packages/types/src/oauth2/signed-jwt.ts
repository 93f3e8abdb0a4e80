// The one signer of the JWTs a client sends the brokerage: its OAuth 2.0 client assertions and the
// request bodies of the operations under the signed-JWT security policy (`application/jwt`).
// Shared by the client, the reference server's tests and the contract tests, none of which may
// depend on another's sources here.
import { importJWK, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

export interface SignedJwtOptions {
  /** The client id, sent as the issuer (`iss`). */
  clientId: string;
  /** The client's private key: an RSA JWK or an imported key. */
  privateKey: JWK | CryptoKey | Uint8Array;
  /** The id of the registered public key (default: the JWK's `kid`). */
  kid?: string;
  /** When it is issued (epoch ms): with it, `iat` is set, and `exp` `lifetimeSeconds` later. */
  nowMs?: number;
  /** How long it lasts from `nowMs` (default 60 s). */
  lifetimeSeconds?: number;
}

const isJwk = (key: JWK | CryptoKey | Uint8Array): key is JWK =>
  !(key instanceof Uint8Array) && 'kty' in key;

/** `claims` signed RS256 with the client's key as a compact JWS: the client as issuer, issued at
 * `nowMs` when given; `claims` add to or replace these (a test's expired `exp`). */
export async function signedJwt(claims: JWTPayload, options: SignedJwtOptions): Promise<string> {
  const { privateKey, nowMs } = options;
  const jwk = isJwk(privateKey) ? privateKey : undefined;
  const key = jwk ? await importJWK(jwk, 'RS256') : (privateKey as CryptoKey | Uint8Array);
  const kid = options.kid ?? jwk?.kid;
  const now = nowMs === undefined ? undefined : Math.floor(nowMs / 1000);
  return new SignJWT({
    iss: options.clientId,
    ...(now === undefined ? {} : { iat: now, exp: now + (options.lifetimeSeconds ?? 60) }),
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(kid ? { kid } : {}) })
    .sign(key);
}

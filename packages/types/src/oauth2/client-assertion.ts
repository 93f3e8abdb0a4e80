// The OAuth 2.0 client assertion (RFC 7523's `private_key_jwt`) as the brokerage's token operation
// takes it: one signer for the client's token source and the reference server's tests, which
// cannot depend on the client (the client's tests depend on the server).
import { importJWK, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

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

const isJwk = (key: JWK | CryptoKey | Uint8Array): key is JWK =>
  !(key instanceof Uint8Array) && 'kty' in key;

/** A `private_key_jwt` client assertion: RS256, the client as issuer and subject, the token URL
 * as audience, a single-use `jti`. */
export async function clientAssertion(options: ClientAssertionOptions): Promise<string> {
  const { privateKey } = options;
  const jwk = isJwk(privateKey) ? privateKey : undefined;
  const key = jwk ? await importJWK(jwk, 'RS256') : (privateKey as CryptoKey | Uint8Array);
  const kid = options.kid ?? jwk?.kid;
  const now = Math.floor(options.nowMs / 1000);
  return new SignJWT({
    iss: options.clientId,
    sub: options.clientId,
    aud: options.audience,
    iat: now,
    exp: now + (options.lifetimeSeconds ?? 60),
    jti: globalThis.crypto.randomUUID(),
    ...options.claims,
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(kid ? { kid } : {}) })
    .sign(key);
}

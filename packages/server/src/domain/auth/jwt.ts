import {
  errors,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
  type JWTVerifyOptions,
} from 'jose';
import type { Clock } from '../kernel/clock.js';
import { unauthorized } from '../kernel/errors.js';

/** Only RS256: never `none`, never a symmetric algorithm a public key could be abused as. */
export const jwtAlgorithms = ['RS256'];

/** Why a JWT was refused, for the 401's detail (never the token itself). */
function reasonOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'Token expired';
  if (error instanceof errors.JWTClaimValidationFailed)
    return `Invalid token claim: ${error.claim}`;
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'Invalid token signature';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'Token algorithm not allowed';
  return 'Invalid token';
}

/** Verifies a compact JWS (RS256 only) on the server's clock; throws `unauthorized` with the reason. */
export async function verifyJwt(
  token: string,
  key: CryptoKey | JWK,
  clock: Clock,
  options: Omit<JWTVerifyOptions, 'algorithms' | 'currentDate'>,
): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, key, {
      ...options,
      algorithms: jwtAlgorithms,
      currentDate: new Date(clock.now()),
    });
    return payload;
  } catch (error) {
    throw unauthorized(reasonOf(error));
  }
}

/** The server's own signing key (RS256), made on first use; signs and verifies the tokens it issues. */
export class TokenSigner {
  #keys: Promise<{ privateKey: CryptoKey; publicKey: CryptoKey }> | undefined;
  readonly kid = 'reference-server-1';

  constructor(private readonly clock: Clock) {}

  private keys() {
    this.#keys ??= generateKeyPair('RS256');
    return this.#keys;
  }

  /** A JWT with `iat` now and `exp` at `expiresAt` (epoch milliseconds) on the server's clock. */
  async sign(
    claims: JWTPayload & { iss: string; aud: string; sub: string },
    expiresAt: number,
  ): Promise<string> {
    const { privateKey } = await this.keys();
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: this.kid })
      .setIssuedAt(Math.floor(this.clock.now() / 1000))
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(privateKey);
  }

  async verify(token: string, expected: { issuer: string; audience: string }): Promise<JWTPayload> {
    const { publicKey } = await this.keys();
    return verifyJwt(token, publicKey, this.clock, { ...expected, requiredClaims: ['exp', 'sub'] });
  }
}

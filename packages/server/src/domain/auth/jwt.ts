import {
  decodeProtectedHeader,
  errors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
  type JWTVerifyOptions,
  type ProtectedHeaderParameters,
} from 'jose';
import type { AreaContext } from '../accounts/brokerage.js';
import type { AuthStore } from './store-view.js';
import type { Clock } from '../kernel/clock.js';
import { unauthorized } from '../kernel/errors.js';
import { secretHex } from '../kernel/secrets.js';

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

/** A key signs new tokens this long (on the brokerage's clock), then the next one takes over. */
export const keySigningMs = 24 * 60 * 60_000;
/** A key that no longer signs still verifies this long: the longest lifetime of a token it signed
 * (a single sign-on session's, 24 hours), so rotation never cuts a token short. */
export const keyOverlapMs = 24 * 60 * 60_000;

/** A signing key kept in the store: its private and public JWKs and when it began signing (epoch
 * ms of the brokerage's clock). */
export interface StoredSigningKey {
  kid: string;
  privateJwk: Record<string, unknown>;
  publicJwk: Record<string, unknown>;
  createdAt: number;
}

/** A signing key the operator configured (`tokenSigningKey`): its private and public JWKs and its
 * id (the key's thumbprint, the same in every process given it). */
export type ConfiguredSigningKey = Omit<StoredSigningKey, 'createdAt'>;

/** The operator's keys: `signing` signs and verifies; each of `previous` only verifies (a key
 * being replaced, given until the tokens it signed have expired, so that changing the key cuts no
 * token short). */
export interface ConfiguredSigningKeys {
  signing: ConfiguredSigningKey;
  previous: readonly ConfiguredSigningKey[];
}

export type TokenSignerContext = AreaContext<'clock', never, AuthStore>;

/** The server's signing keys (RS256): kept in the store (`signingKeys`), so that every process on
 * one store signs and verifies with the same keys and a token outlives a restart (the store's state
 * does on Redis) and a reset (which keeps them). The newest key signs for `keySigningMs`; then a
 * new one is made and the old one keeps verifying for `keyOverlapMs`, after which it is dropped.
 * With `configured` keys, the operator's signing key alone signs, and it and the previous keys
 * verify (processes given the same keys accept each other's tokens, whatever their stores); the
 * store's keys are neither made nor read. */
export class TokenSigner {
  /** Keys imported from the store, by key id (a key id never changes its key). */
  readonly #imported = new Map<string, Promise<CryptoKey>>();

  constructor(
    private readonly context: TokenSignerContext,
    private readonly configured?: ConfiguredSigningKeys,
  ) {}

  private get keys() {
    return this.context.store.collection('signingKeys');
  }

  /** The key that signs now: the newest, or a new one when the newest has signed long enough. */
  private async signingKey(): Promise<{ kid: string; key: CryptoKey }> {
    const { configured } = this;
    if (configured !== undefined)
      return {
        kid: configured.signing.kid,
        key: await this.imported(configured.signing, 'privateJwk'),
      };
    const now = this.context.clock.now();
    const newest = this.keys
      .values()
      .reduce<StoredSigningKey | undefined>(
        (best, key) => (best === undefined || key.createdAt > best.createdAt ? key : best),
        undefined,
      );
    if (newest !== undefined && now - newest.createdAt < keySigningMs)
      return { kid: newest.kid, key: await this.imported(newest, 'privateJwk') };
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = secretHex(8);
    const stored: StoredSigningKey = {
      kid,
      privateJwk: { ...(await exportJWK(privateKey)) },
      publicJwk: { ...(await exportJWK(publicKey)) },
      createdAt: now,
    };
    for (const old of this.keys.values())
      if (old.createdAt + keySigningMs + keyOverlapMs <= now) this.keys.delete(old.kid);
    this.keys.set(kid, stored);
    return { kid, key: privateKey };
  }

  private imported(
    stored: ConfiguredSigningKey,
    half: 'privateJwk' | 'publicJwk',
  ): Promise<CryptoKey> {
    const id = `${half}:${stored.kid}`;
    let key = this.#imported.get(id);
    if (key === undefined) {
      key = importJWK(stored[half] as JWK, 'RS256') as Promise<CryptoKey>;
      this.#imported.set(id, key);
    }
    return key;
  }

  /** A JWT with `iat` now and `exp` at `expiresAt` (epoch milliseconds) on the server's clock. */
  async sign(
    claims: JWTPayload & { iss: string; aud: string; sub: string },
    expiresAt: number,
  ): Promise<string> {
    const { kid, key } = await this.signingKey();
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
      .setIssuedAt(Math.floor(this.context.clock.now() / 1000))
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(key);
  }

  /** The claims of a token this server (any process on its store) signed with a key it still
   * keeps; 401 otherwise. */
  async verify(token: string, expected: { issuer: string; audience: string }): Promise<JWTPayload> {
    let header: ProtectedHeaderParameters;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw unauthorized('Invalid token');
    }
    if (!jwtAlgorithms.includes(header.alg ?? ''))
      throw unauthorized('Token algorithm not allowed');
    const { kid } = header;
    const { configured } = this;
    const stored =
      kid === undefined
        ? undefined
        : configured === undefined
          ? this.keys.get(kid)
          : [configured.signing, ...configured.previous].find((key) => key.kid === kid);
    if (stored === undefined) throw unauthorized('Invalid token signature');
    const publicKey = await this.imported(stored, 'publicJwk');
    return verifyJwt(token, publicKey, this.context.clock, {
      ...expected,
      requiredClaims: ['exp', 'sub'],
    });
  }
}

// The operator's token-signing key (`--token-signing-key`, `tokenSigningKey`): an RSA private key
// in PEM, checked once at start. Errors say what is wrong with the key, never what it holds.
import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ConfiguredSigningKey, ConfiguredSigningKeys } from '../domain/auth/jwt.js';

/** The smallest RSA modulus taken (bits): what RS256 asks for (RFC 7518, 3.3). */
export const minSigningKeyBits = 2048;
/** The largest: a bigger key only slows every signature down. */
export const maxSigningKeyBits = 8192;

const pemStart = '-----BEGIN ';

/** The key's id: its RFC 7638 thumbprint (SHA-256 of the public JWK's members e, kty, n), the same
 * in every process given the same key. */
function thumbprint(jwk: { e?: string; n?: string }): string {
  const members = JSON.stringify({ e: jwk.e, kty: 'RSA', n: jwk.n });
  return createHash('sha256').update(members).digest('base64url');
}

/** The signing key of a PEM text: an RSA private key (PKCS #8 `PRIVATE KEY` or PKCS #1
 * `RSA PRIVATE KEY`, unencrypted) of 2048 to 8192 bits. Throws a message naming what is wrong. */
export function tokenSigningKeyOf(pem: string): ConfiguredSigningKey {
  if (!pem.trimStart().startsWith(pemStart))
    throw new Error(
      'the token-signing key must be a PEM private key (-----BEGIN PRIVATE KEY-----)',
    );
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    // The parser's message may quote the text: only what kind of problem it is is told.
    throw new Error(
      'the token-signing key is not a readable PEM private key (an unencrypted PKCS #8 or PKCS #1 RSA key)',
    );
  }
  if (key.asymmetricKeyType !== 'rsa')
    throw new Error(
      `the token-signing key is ${key.asymmetricKeyType ?? 'not'} an asymmetric key of the kind RS256 needs: give an RSA key`,
    );
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < minSigningKeyBits || bits > maxSigningKeyBits)
    throw new Error(
      `the token-signing key has ${bits} bits: an RSA key of ${minSigningKeyBits} to ${maxSigningKeyBits} bits is needed`,
    );
  const publicJwk = createPublicKey(key).export({ format: 'jwk' });
  return {
    kid: thumbprint(publicJwk),
    privateJwk: { ...key.export({ format: 'jwk' }) },
    publicJwk: { ...publicJwk },
  };
}

/** The operator's keys: `signing` (a PEM) signs, each of `previous` only verifies (the key being
 * replaced). Each is checked as `tokenSigningKeyOf` checks it; a previous key's problem names its
 * place. A previous key that is the signing key, or given twice, is kept once. */
export function configuredSigningKeysOf(
  signing: string,
  previous: readonly string[] = [],
): ConfiguredSigningKeys {
  const key = tokenSigningKeyOf(signing);
  const kept = new Map<string, ConfiguredSigningKey>();
  previous.forEach((pem, index) => {
    let old: ConfiguredSigningKey;
    try {
      old = tokenSigningKeyOf(pem);
    } catch (error) {
      throw new Error(
        `previous key ${index + 1}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (old.kid !== key.kid) kept.set(old.kid, old);
  });
  return { signing: key, previous: [...kept.values()] };
}

/** The PEM of `--token-signing-key` / `BROKERAGE_TOKEN_SIGNING_KEY`: the value itself when it is
 * a PEM text, else the file it names; checked as `tokenSigningKeyOf` checks it. */
export function readTokenSigningKey(value: string): string {
  let pem = value;
  if (!value.trimStart().startsWith(pemStart)) {
    try {
      pem = readFileSync(value, 'utf8');
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'unreadable';
      throw new Error(`the token-signing key file ${value} cannot be read (${code})`);
    }
  }
  tokenSigningKeyOf(pem);
  return pem;
}

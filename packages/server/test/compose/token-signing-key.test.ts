// The operator's token-signing key: an RSA private key in PEM of 2048 to 8192 bits, its id the
// key's thumbprint; anything else is refused with a message that names the problem and never
// quotes the key.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  configuredSigningKeysOf,
  readTokenSigningKey,
  tokenSigningKeyOf,
} from '../../src/compose/token-signing-key.js';
import { rsaKeyPair, rsaPrivateKeyPem } from '../signing-keys.js';

const key = rsaKeyPair();
/** The body of the PEM (what an error must never show). */
const secretPart = key.privateKey.split('\n')[1] as string;

const failure = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    const message = (error as Error).message;
    expect(message).not.toContain(secretPart);
    return message;
  }
  throw new Error('expected the key to be refused');
};

describe('the configured token-signing key', () => {
  it('takes an RSA key in PKCS #8 or PKCS #1 PEM, its id the same thumbprint each time', () => {
    const read = tokenSigningKeyOf(key.privateKey);
    expect(read.privateJwk).toMatchObject({ kty: 'RSA', d: expect.any(String) });
    expect(read.publicJwk).not.toHaveProperty('d');
    expect(read.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenSigningKeyOf(key.privateKey).kid).toBe(read.kid);
    const pkcs1 = rsaKeyPair({ encoding: 'pkcs1' });
    expect(pkcs1.privateKey).toContain('BEGIN RSA PRIVATE KEY');
    expect(tokenSigningKeyOf(pkcs1.privateKey).kid).not.toBe(read.kid);
  });

  it('refuses text that is not a PEM private key, without quoting it', () => {
    expect(failure(() => tokenSigningKeyOf('hunter2-not-a-key'))).toBe(
      'the token-signing key must be a PEM private key (-----BEGIN PRIVATE KEY-----)',
    );
    const damaged = key.privateKey.replace(secretPart, secretPart.split('').reverse().join(''));
    expect(failure(() => tokenSigningKeyOf(damaged))).toMatch(/not a readable PEM private key/);
    expect(failure(() => tokenSigningKeyOf(key.publicKey))).toMatch(
      /not a readable PEM private key/,
    );
  });

  it('refuses a key RS256 cannot use, or too short', () => {
    const ec = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    expect(failure(() => tokenSigningKeyOf(ec.privateKey))).toBe(
      'the token-signing key is ec an asymmetric key of the kind RS256 needs: give an RSA key',
    );
    expect(failure(() => tokenSigningKeyOf(rsaPrivateKeyPem(1024)))).toBe(
      'the token-signing key has 1024 bits: an RSA key of 2048 to 8192 bits is needed',
    );
  });

  it('reads the PEM from a file, or takes the PEM text itself', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'signing-key-')), 'key.pem');
    writeFileSync(file, key.privateKey);
    expect(readTokenSigningKey(file)).toBe(key.privateKey);
    expect(readTokenSigningKey(key.privateKey)).toBe(key.privateKey);
    expect(failure(() => readTokenSigningKey(`${file}.missing`))).toBe(
      `the token-signing key file ${file}.missing cannot be read (ENOENT)`,
    );
  });
});

describe('the configured keys with the previous ones', () => {
  it('signs with the key, keeps each previous key once (not the key itself), and names a bad one by its place', () => {
    const previous = rsaPrivateKeyPem();
    const keys = configuredSigningKeysOf(key.privateKey, [previous, key.privateKey, previous]);
    expect(keys.signing.kid).toBe(tokenSigningKeyOf(key.privateKey).kid);
    expect(keys.previous.map(({ kid }) => kid)).toEqual([tokenSigningKeyOf(previous).kid]);
    expect(configuredSigningKeysOf(key.privateKey).previous).toEqual([]);
    expect(failure(() => configuredSigningKeysOf(key.privateKey, [previous, 'x']))).toBe(
      'previous key 2: the token-signing key must be a PEM private key (-----BEGIN PRIVATE KEY-----)',
    );
  });
});

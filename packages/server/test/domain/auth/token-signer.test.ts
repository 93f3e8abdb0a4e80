// The keys that sign the server's tokens rotate with overlap: the store's keys each sign for a day
// and verify for a day more, then are dropped; an operator's key changes without cutting a token
// short while the key it replaced is given as a previous key.
import { rsaPrivateKeyPem } from '../../signing-keys.js';
import { decodeProtectedHeader } from 'jose';
import { areaContext } from '../../../src/domain/accounts/brokerage.js';
import { configuredSigningKeysOf } from '../../../src/compose/token-signing-key.js';
import {
  keyOverlapMs,
  keySigningMs,
  TokenSigner,
  type ConfiguredSigningKeys,
} from '../../../src/domain/auth/jwt.js';
import { domain, domainRejectionOf as failure } from '../services.js';

const hourMs = 60 * 60_000;
const expected = { issuer: 'https://gateway.test', audience: 'https://gateway.test' };
const claims = { ...expected, iss: expected.issuer, aud: expected.audience, sub: 'client' };

/** A signer on a fresh store and clock, with the operator's keys when given. */
function signerOf(configured?: ConfiguredSigningKeys) {
  const { services, clock } = domain();
  return { signer: new TokenSigner(areaContext(services.brokerage), configured), clock };
}

const kidOf = (token: string) => decodeProtectedHeader(token).kid;

describe('keys kept in the store', () => {
  it('a key signs for a day, verifies for a day more, then is dropped with the next new key', async () => {
    const { signer, clock } = signerOf();
    const lasting = (ms: number) => signer.sign(claims, clock.now() + ms);
    const first = await lasting(3 * 24 * hourMs);
    clock.advance(keySigningMs - hourMs);
    expect(kidOf(await lasting(hourMs))).toBe(kidOf(first));

    clock.advance(hourMs);
    const second = await lasting(3 * 24 * hourMs);
    expect(kidOf(second)).not.toBe(kidOf(first));
    expect((await signer.verify(first, expected)).sub).toBe('client');

    // The first key's overlap ends when the second key stops signing: the third key drops it.
    clock.advance(keyOverlapMs);
    const third = await lasting(hourMs);
    expect(new Set([kidOf(first), kidOf(second), kidOf(third)]).size).toBe(3);
    expect(await failure(() => signer.verify(first, expected))).toEqual({
      kind: 'unauthorized',
      message: 'Invalid token signature',
    });
    expect((await signer.verify(second, expected)).sub).toBe('client');
  });
});

describe("the operator's keys", () => {
  const [oldKey, newKey] = [rsaPrivateKeyPem(), rsaPrivateKeyPem()];

  it('a previous key verifies the tokens it signed; only the new key signs', async () => {
    const before = signerOf(configuredSigningKeysOf(oldKey)).signer;
    const token = await before.sign(claims, Date.parse('2025-03-13T15:00:00Z'));

    const keys = configuredSigningKeysOf(newKey, [oldKey]);
    const after = signerOf(keys).signer;
    expect((await after.verify(token, expected)).sub).toBe('client');
    const signed = await after.sign(claims, Date.parse('2025-03-13T15:00:00Z'));
    expect(kidOf(signed)).toBe(keys.signing.kid);
    expect(kidOf(signed)).not.toBe(kidOf(token));
  });

  it('without the previous key, the tokens it signed are refused', async () => {
    const token = await signerOf(configuredSigningKeysOf(oldKey)).signer.sign(
      claims,
      Date.parse('2025-03-13T15:00:00Z'),
    );
    const after = signerOf(configuredSigningKeysOf(newKey)).signer;
    expect(await failure(() => after.verify(token, expected))).toEqual({
      kind: 'unauthorized',
      message: 'Invalid token signature',
    });
  });
});

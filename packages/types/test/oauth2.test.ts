// The JWTs a client signs, shared by the client, the reference server's tests and the contract
// tests: the OAuth 2.0 client assertion as the token operation checks it (RFC 7523 section 3) and
// the signed-JWT request body, verified with the public key.
import { exportJWK, generateKeyPair, jwtVerify, decodeProtectedHeader } from 'jose';
import { clientAssertion, signedJwt } from '../src/oauth2/index.js';

const audience = 'https://gateway.test/oauth2/api/v1/token';
const nowMs = Date.UTC(2026, 0, 5, 15, 0, 0);

async function keys() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { privateJwk: { ...(await exportJWK(privateKey)), kid: 'main' }, privateKey, publicKey };
}

describe('clientAssertion', () => {
  it('signs RS256 with the JWK, the client as issuer and subject, the token URL as audience', async () => {
    const { privateJwk, publicKey } = await keys();
    const token = await clientAssertion({
      clientId: 'TESTCONS',
      privateKey: privateJwk,
      audience,
      nowMs,
    });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'main' });
    const { payload } = await jwtVerify(token, publicKey, {
      currentDate: new Date(nowMs),
      issuer: 'TESTCONS',
      subject: 'TESTCONS',
      audience,
    });
    expect(payload).toMatchObject({ iat: nowMs / 1000, exp: nowMs / 1000 + 60 });
    expect(payload.jti).toEqual(expect.any(String));
  });

  it('gives each assertion its own jti', async () => {
    const { privateJwk } = await keys();
    const jtis = await Promise.all(
      [1, 2].map(async () => {
        const token = await clientAssertion({
          clientId: 'C',
          privateKey: privateJwk,
          audience,
          nowMs,
        });
        return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).jti;
      }),
    );
    expect(jtis[0]).not.toBe(jtis[1]);
  });

  it('takes an imported key with the kid given, a lifetime, and claims that replace its own', async () => {
    const { privateKey, publicKey } = await keys();
    const token = await clientAssertion({
      clientId: 'C',
      privateKey,
      kid: 'other',
      audience,
      nowMs,
      lifetimeSeconds: 300,
      claims: { aud: 'https://elsewhere/token', jti: 'fixed-id' },
    });
    expect(decodeProtectedHeader(token).kid).toBe('other');
    const { payload } = await jwtVerify(token, publicKey, { currentDate: new Date(nowMs) });
    expect(payload).toMatchObject({
      aud: 'https://elsewhere/token',
      jti: 'fixed-id',
      exp: nowMs / 1000 + 300,
    });
  });
});

describe('signedJwt', () => {
  it('signs the claims RS256 with the client as issuer, without times unless issued at a time', async () => {
    const { privateJwk, publicKey } = await keys();
    const token = await signedJwt(
      { status: 'A' },
      { clientId: 'TESTCONS', privateKey: privateJwk },
    );
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'main' });
    const { payload } = await jwtVerify(token, publicKey, { issuer: 'TESTCONS' });
    expect(payload).toEqual({ iss: 'TESTCONS', status: 'A' });
  });

  it('sets iat and exp from the time and lifetime given; the claims replace them', async () => {
    const { privateKey, publicKey } = await keys();
    const options = { clientId: 'C', privateKey, kid: 'k2', nowMs, lifetimeSeconds: 30 };
    const timed = await signedJwt({}, options);
    expect(decodeProtectedHeader(timed).kid).toBe('k2');
    const verify = async (token: string) =>
      (await jwtVerify(token, publicKey, { currentDate: new Date(nowMs) })).payload;
    expect(await verify(timed)).toEqual({ iss: 'C', iat: nowMs / 1000, exp: nowMs / 1000 + 30 });
    const expired = await signedJwt({ exp: nowMs / 1000 - 60 }, options);
    await expect(verify(expired)).rejects.toThrow('"exp" claim timestamp check failed');
  });
});

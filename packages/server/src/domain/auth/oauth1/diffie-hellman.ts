import { createDiffieHellman, createHmac } from 'node:crypto';

/** The server's half of the exchange: B to answer, and the shared secret K. Throws when the
 * challenge A is not a valid public value (1 < A < p - 1). */
export function exchange(
  prime: Buffer,
  challengeHex: string,
): { response: string; secret: Buffer } {
  const p = BigInt(`0x${prime.toString('hex')}`);
  const a = BigInt(`0x${challengeHex}`);
  if (a <= 1n || a >= p - 1n) throw new RangeError('challenge out of range');
  const dh = createDiffieHellman(prime, Buffer.from([2]));
  dh.generateKeys();
  const secret = dh.computeSecret(
    Buffer.from(challengeHex.length % 2 ? `0${challengeHex}` : challengeHex, 'hex'),
  );
  return { response: dh.getPublicKey('hex').replace(/^0+/, ''), secret };
}

/** K as Java's BigInteger.toByteArray() writes it: no leading zero bytes, then one 0x00 sign byte
 * when the top bit is set (bit length a multiple of 8). */
export function signedBytes(value: Buffer): Buffer {
  let start = 0;
  while (start < value.length - 1 && value[start] === 0) start++;
  const trimmed = value.subarray(start);
  return (trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed;
}

/** base64(HMAC-SHA1(key = K's signed bytes, message = the access token secret's bytes)). */
export function liveSessionToken(secret: Buffer, accessTokenSecret: Buffer): string {
  return createHmac('sha1', signedBytes(secret)).update(accessTokenSecret).digest('base64');
}

/** hex(HMAC-SHA1(key = the token's bytes, message = the consumer key)): lets the client check its token. */
export function tokenSignature(token: string, consumerKey: string): string {
  return createHmac('sha1', Buffer.from(token, 'base64')).update(consumerKey, 'utf8').digest('hex');
}

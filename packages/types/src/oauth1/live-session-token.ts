// The live session token both sides derive from the Diffie-Hellman exchange, and the signature
// the server sends so that the client can check it derived the same one.
import { constants, createHmac, privateDecrypt, type KeyObject } from 'node:crypto';

/** K as Java's BigInteger.toByteArray() writes it (the service is Java): no leading zero bytes,
 * then one 0x00 sign byte when the top bit is set (bit length a multiple of 8). */
export function signedBytes(value: Buffer): Buffer {
  let start = 0;
  while (start < value.length - 1 && value[start] === 0) start++;
  const trimmed = value.subarray(start);
  return (trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed;
}

/** HMAC-SHA1(key = K's signed bytes, message = the access token secret's bytes): the live
 * session token's bytes (the HMAC-SHA256 key of later requests; sent base64). */
export function deriveLiveSessionToken(sharedSecret: Buffer, accessTokenSecret: Buffer): Buffer {
  return createHmac('sha1', signedBytes(sharedSecret)).update(accessTokenSecret).digest();
}

/** hex(HMAC-SHA1(key = the token's bytes, message = the consumer key)): the server sends it, the
 * client compares it with its own. */
export function liveSessionTokenSignature(token: Buffer, consumerKey: string): string {
  return createHmac('sha1', token).update(consumerKey, 'utf8').digest('hex');
}

/** RSA PKCS#1 v1.5 decryption of the access token secret. Node 20 refuses that padding in
 * privateDecrypt (a server-side timing-oracle fix), so the padding is removed by hand; the
 * consumer that decrypts is no oracle. */
export function decryptPkcs1v15(key: KeyObject | string, ciphertext: Buffer): Buffer {
  const block = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, ciphertext);
  const separator = block.indexOf(0, 2);
  if (block[0] !== 0 || block[1] !== 2 || separator < 10)
    throw new Error('OAuth 1.0a: cannot decrypt the access token secret');
  return block.subarray(separator + 1);
}

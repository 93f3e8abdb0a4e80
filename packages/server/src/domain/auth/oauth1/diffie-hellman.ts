// The server's half of the Diffie-Hellman exchange; the live session token it yields is derived
// by @brokerage/types/oauth1, shared with the client.
import { createDiffieHellman } from 'node:crypto';

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

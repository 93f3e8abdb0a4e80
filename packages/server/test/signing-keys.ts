import { generateKeyPairSync } from 'node:crypto';

/** A new RSA key pair in PEM: the private key in PKCS #8 (or PKCS #1), the public one in SPKI. */
export const rsaKeyPair = ({
  bits = 2048,
  encoding = 'pkcs8',
}: { bits?: number; encoding?: 'pkcs8' | 'pkcs1' } = {}) =>
  generateKeyPairSync('rsa', {
    modulusLength: bits,
    privateKeyEncoding: { type: encoding, format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });

/** A new RSA private key (PKCS #8 PEM, 2048 bits unless `bits`): an operator's token-signing
 * key. */
export const rsaPrivateKeyPem = (bits = 2048): string => rsaKeyPair({ bits }).privateKey;

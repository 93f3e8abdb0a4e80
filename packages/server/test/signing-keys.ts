import { generateKeyPairSync } from 'node:crypto';

/** A new RSA private key (2048 bits, PKCS #8 PEM): an operator's token-signing key. */
export const rsaPrivateKeyPem = (): string =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;

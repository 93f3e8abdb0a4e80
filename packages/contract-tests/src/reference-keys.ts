// The private keys of the test consumer and client the reference server ships with (public
// knowledge, for local use only).
import type { JsonWebKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface OAuth1Consumer {
  consumerKey: string;
  realm: string;
  /** PEM: signs the three token requests. */
  signaturePrivateKey: string;
  /** PEM: decrypts the access token secret. */
  encryptionPrivateKey: string;
  /** The Diffie-Hellman prime, hexadecimal. */
  dhPrime: string;
}

export interface OAuth2Client {
  clientId: string;
  privateJwk: JsonWebKey & { kid?: string };
}

let keys: { oauth1: OAuth1Consumer; oauth2: OAuth2Client } | undefined;

export function referenceTestKeys(): { oauth1: OAuth1Consumer; oauth2: OAuth2Client } {
  if (!keys) {
    const serverDir = dirname(
      createRequire(import.meta.url).resolve('@brokerage/server/package.json'),
    );
    keys = JSON.parse(
      readFileSync(join(serverDir, 'src/fixtures/test-consumer-private-keys.json'), 'utf8'),
    ) as { oauth1: OAuth1Consumer; oauth2: OAuth2Client };
  }
  return keys;
}

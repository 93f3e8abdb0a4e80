import { readFileSync } from 'node:fs';
import type { JWK } from 'jose';

/** The shipped test consumer's private keys (public knowledge: local use only). */
export const testConsumer = JSON.parse(
  readFileSync(
    new URL('../../server/src/fixtures/test-consumer-private-keys.json', import.meta.url),
    'utf8',
  ),
) as {
  oauth1: {
    consumerKey: string;
    realm: string;
    signaturePrivateKey: string;
    encryptionPrivateKey: string;
    dhPrime: string;
  };
  oauth2: { clientId: string; privateJwk: JWK };
};

/** A fetch that records the path of every request and the status it got. */
export function recordingFetch() {
  const sent: { path: string; status: number }[] = [];
  const send = async (request: Request) => {
    const response = await fetch(request);
    sent.push({ path: new URL(request.url).pathname, status: response.status });
    return response;
  };
  return { sent, send };
}

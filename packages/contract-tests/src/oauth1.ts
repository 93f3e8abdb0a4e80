// OAuth 1.0a with the reference server's test consumer: the project client's signer, whose own
// requests (request_token, access_token, live_session_token, then ssodh/init) go through the
// suite's checking fetch, so that their answers are validated and counted like the client's.
import { oauth1, type OAuth1Options, type OAuth1Provider } from '@brokerage/client/oauth1';
import { contractFetch } from './client.js';
import { testConsumerKeys } from '@brokerage/server';

/** The signer for the test consumer; `options` override the fetch, the clock, a stored access
 * token. */
export function testConsumerSigner(
  baseUrl: string,
  options: Partial<OAuth1Options> = {},
): OAuth1Provider {
  const consumer = testConsumerKeys.oauth1;
  return oauth1({
    baseUrl,
    consumerKey: consumer.consumerKey,
    realm: consumer.realm,
    signatureKey: consumer.signaturePrivateKey,
    encryptionKey: consumer.encryptionPrivateKey,
    dhPrime: consumer.dhPrime,
    fetch: contractFetch('contract'),
    ...options,
  });
}

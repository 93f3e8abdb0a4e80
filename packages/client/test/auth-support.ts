import { testConsumerKeys } from '@brokerage/server';

/** The shipped test consumer's private keys (public knowledge: local use only). */
export const testConsumer = testConsumerKeys;

/** The request timeout of the test clients that run on the real clock: as long as a test may take
 * (jest's testTimeout), since a loaded CI machine can take seconds to answer a cold request and
 * these tests check answers, never how fast they come. */
export const testRequestTimeoutMs = 30_000;

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

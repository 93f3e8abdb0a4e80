import { testConsumerKeys } from '@brokerage/server';

/** The shipped test consumer's private keys (public knowledge: local use only). */
export const testConsumer = testConsumerKeys;

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

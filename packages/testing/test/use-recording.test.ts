// useRecording: the example recording (made from the sandbox itself) served back to the typed
// client, byte for byte; a request never recorded answers 501 naming the closest exchange.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { useRecording } from '../src/index.js';

const file = fileURLToPath(new URL('../../../examples/sandbox-session.har', import.meta.url));
const recorded = JSON.parse(readFileSync(file, 'utf8')) as {
  log: { entries: { request: { url: string }; response: { content: { text: string } } }[] };
};
const replay = useRecording(file);

it('serves the recorded answers byte for byte to the typed client', async () => {
  const { data } = await replay.client.GET('/v1/api/portfolio/accounts', { parseAs: 'text' });
  const entry = recorded.log.entries.find((item) =>
    item.request.url.endsWith('/portfolio/accounts'),
  );
  expect(data).toBe(entry?.response.content.text);
  expect(JSON.parse(data ?? '')).toEqual([expect.objectContaining({ id: 'U0000001' })]);
});

it('answers a request never recorded with 501 naming the closest recorded exchange', async () => {
  const answer = await fetch(`${replay.baseUrl}/v1/api/portfolio/U0000001/summary`);
  expect(answer.status).toBe(501);
  expect(((await answer.json()) as { error: string }).error).toContain(
    'the closest recorded is entry',
  );
});

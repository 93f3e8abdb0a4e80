// Pacing counted across processes: on a Redis store the pacer's counts (the last second's
// requests, each paced endpoint's last request, violations and the penalty box) are kept in Redis,
// so a session whose requests alternate between two servers is refused exactly as by one server.
import { ManualClock } from '../../src/domain/kernel/clock.js';
import { startServer, type Harness } from '../harness.js';
import { useScratchRedis } from './scratch-redis-servers.js';
import { userSession } from '../user-session.js';

const scratch = useScratchRedis();
const { started } = scratch;

const pacing = { globalPerSecond: 3, penaltyViolations: 4 };
/** `GET /portfolio/accounts` is paced at one request per 5 s (`x-pacing-interval-ms`). */
const paced = '/v1/api/portfolio/accounts';
const open = '/v1/api/iserver/accounts';
/** Requests of one session (a path) and moves of the clock (milliseconds). */
const script: (string | number)[] = [
  paced,
  paced, // within 5 s of the last
  open,
  open,
  open, // the 4th in a second
  1000,
  open,
  paced, // 1 s after the last
  4000,
  paced,
  open,
  open,
  open, // the 4th in a second: the 4th violation boxes the session
  1000,
  open,
];

/** Runs the script, each request on the next of `servers` in turn; answers each request's
 * status and Retry-After. */
async function run(servers: Harness[], clock: ManualClock): Promise<string[]> {
  const first = servers[0] as Harness;
  const { headers } = userSession(first, 'demo_individual');
  const answers: string[] = [];
  let next = 0;
  for (const step of script) {
    if (typeof step === 'number') {
      clock.advance(step);
      continue;
    }
    const server = servers[next++ % servers.length] as Harness;
    const answer = await server.call('GET', step, { headers });
    answers.push(`${answer.status} ${answer.headers.get('retry-after') ?? '-'}`);
  }
  return answers;
}

async function server(clock: ManualClock, store?: string): Promise<Harness> {
  const started_ = await startServer({ clock, pacing, ...(store === undefined ? {} : { store }) });
  started.push(started_);
  return started_;
}

it('refuses the requests of a session alternating between two servers as one server does', async () => {
  const alone = new ManualClock();
  const oneServer = await run([await server(alone)], alone);

  const shared = new ManualClock();
  const store = scratch.redis.urlWithPrefix('pacing');
  const twoServers = await run([await server(shared, store), await server(shared, store)], shared);

  expect(oneServer).toEqual([
    '200 -',
    '429 5',
    '200 -',
    '200 -',
    '429 1',
    '200 -',
    '429 4',
    '200 -',
    '200 -',
    '200 -',
    '429 600',
    '429 599',
  ]);
  expect(twoServers).toEqual(oneServer);
});

it('boxes by the threshold the control API set on another server of the store', async () => {
  const clock = new ManualClock();
  const store = scratch.redis.urlWithPrefix('threshold');
  const [first, second] = [await server(clock, store), await server(clock, store)];
  const set = await first.call('POST', '/control/scenarios/penalty-box/threshold', {
    body: { violations: 2, ms: 90_000 },
  });
  expect(set.status).toBe(200);
  const { headers } = userSession(second, 'demo_individual');
  const answers: string[] = [];
  for (let request = 0; request < 3; request++) {
    const answer = await second.call('GET', paced, { headers });
    answers.push(`${answer.status} ${answer.headers.get('retry-after') ?? '-'}`);
  }
  // The second violation boxes the session for the 90 s the first server was told.
  expect(answers).toEqual(['200 -', '429 5', '429 90']);
});

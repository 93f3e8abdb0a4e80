// Reads commit nothing on a shared store: every commit is one more round trip checked against
// the one commit counter (`<prefix>:seq`), so requests that only read must not write. The
// session's last access is the one write every request would make: on a shared store it is
// recorded at most once a second of the simulation's clock.
import { Redis } from 'ioredis';
import { ManualClock } from '../../src/domain/kernel/clock.js';
import { sharedLastAccessPrecisionMs } from '../../src/domain/accounts/sessions.js';
import { startServer, type Harness } from '../harness.js';
import { useScratchRedis } from './scratch-redis-servers.js';

const scratch = useScratchRedis();
const { started } = scratch;
let client: Redis;

beforeAll(() => {
  client = new Redis(scratch.redis.url);
});
afterAll(() => {
  client.disconnect();
});

async function serverOn(prefix: string, clock: ManualClock, sessionTimeoutMs?: number) {
  const server = await startServer({
    clock,
    store: scratch.redis.urlWithPrefix(prefix),
    ...(sessionTimeoutMs === undefined ? {} : { sessionTimeoutMs }),
  });
  started.push(server);
  return server;
}

/** The number of the last commit under the prefix. */
const commits = async (prefix: string) => Number(await client.get(`${prefix}:seq`));

const reads = [
  '/v1/api/portfolio/U1234567/ledger',
  '/v1/api/portfolio/accounts',
  '/v1/api/iserver/accounts',
  '/v1/api/iserver/auth/status',
];

/** Sends each read `times` times, all at once, spread over the servers; expects 200 to each. */
async function burst(servers: Harness[], times: number): Promise<void> {
  const requests = Array.from({ length: times }, (_, i) =>
    reads.map((path, j) => (servers[(i + j) % servers.length] as Harness).call('GET', path)),
  ).flat();
  const statuses = (await Promise.all(requests)).map((answer) => answer.status);
  expect(statuses).toEqual(requests.map(() => 200));
}

it('a burst of reads through two servers commits nothing; the last access once a second', async () => {
  const clock = new ManualClock();
  const servers = [await serverOn('reads', clock), await serverOn('reads', clock)];
  // The first listing of each session's accounts is a change (the ledger needs it).
  for (const server of servers) {
    for (const path of ['/v1/api/portfolio/accounts', '/v1/api/iserver/accounts']) {
      expect((await server.call('GET', path)).status).toBe(200);
    }
  }
  const before = await commits('reads');
  await burst(servers, 25);
  expect(await commits('reads')).toBe(before);

  clock.advance(sharedLastAccessPrecisionMs - 1);
  await burst(servers, 5);
  expect(await commits('reads')).toBe(before);

  // A second after the recorded access, the next request of each gateway session records it.
  clock.advance(1);
  await burst(servers, 5);
  expect(await commits('reads')).toBe(before + servers.length);
});

it('ends a session by its recorded last access: at most a second before the exact timeout', async () => {
  const clock = new ManualClock();
  const server = await serverOn('timeout', clock, 60_000);
  const tickle = async () => (await server.call('POST', '/v1/api/tickle')).status;
  clock.advance(sharedLastAccessPrecisionMs);
  expect(await tickle()).toBe(200); // recorded
  clock.advance(60_000 - 1);
  expect(await tickle()).toBe(200); // 1 ms before the timeout: recorded
  clock.advance(sharedLastAccessPrecisionMs - 1);
  expect(await tickle()).toBe(200); // within a second of the recorded access: not recorded
  clock.advance(60_000 - (sharedLastAccessPrecisionMs - 1));
  // The timeout after the recorded access; the memory store, exact, would keep it 999 ms more.
  expect(await tickle()).toBe(401);
});

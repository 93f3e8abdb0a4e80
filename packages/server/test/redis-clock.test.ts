// One clock across processes: on a Redis store the clock's position (how far the control API
// moved it ahead) is a record every process reads, kept by a reset. Each server here has an
// OffsetClock of its own over one base clock, as processes over one system clock would.
import { ManualClock, OffsetClock } from '../src/domain/kernel/clock.js';
import { startScratchRedis, type ScratchRedis } from '../src/store/redis/scratch-redis.js';
import { startServer, type Harness } from './harness.js';

let redis: ScratchRedis;
const started: Harness[] = [];

beforeAll(async () => {
  redis = await startScratchRedis();
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});
afterAll(async () => {
  await redis.remove();
});

/** `count` servers on one brokerage (`prefix`) of the scratch Redis, over one base clock. */
async function serversOn(prefix: string, base: ManualClock, count = 2): Promise<Harness[]> {
  const servers: Harness[] = [];
  for (let i = 0; i < count; i++) {
    const server = await startServer({
      store: redis.urlWithPrefix(prefix),
      clock: new OffsetClock(base),
    });
    started.push(server);
    servers.push(server);
  }
  return servers;
}

const healthTime = async (server: Harness): Promise<string> =>
  ((await server.call('GET', '/health')).body as { time: string }).time;

describe('the clock on Redis', () => {
  it('answers the same time in every process after an advance through one', async () => {
    const base = new ManualClock();
    const [first, second] = (await serversOn('position', base)) as [Harness, Harness];
    const advanced = await first.call('POST', '/control/clock/advance', {
      body: { ms: 3_600_000 },
    });
    expect(advanced.status).toBe(200);
    const expected = new Date(base.now() + 3_600_000).toISOString();
    expect(advanced.body).toMatchObject({ time: expected });
    expect(await healthTime(second)).toBe(expected);
    expect((await second.call('GET', '/control/clock')).body).toMatchObject({ time: expected });

    base.advance(1000); // time runs on its own, the offset stays
    expect(await healthTime(first)).toBe(new Date(base.now() + 3_600_000).toISOString());
    expect(await healthTime(second)).toBe(await healthTime(first));
  });

  it('ends a session on every process once an advance through one passes its idle timeout', async () => {
    const base = new ManualClock();
    const [first, second] = (await serversOn('timeout', base)) as [Harness, Harness];
    const opened = await first.call('POST', '/control/sessions', {
      body: { username: 'demo_individual' },
    });
    const headers = { cookie: (opened.body as { cookie: string }).cookie };
    expect((await second.call('GET', '/v1/api/iserver/accounts', { headers })).status).toBe(200);

    await first.call('POST', '/control/clock/advance', { body: { ms: 4 * 60_000 } });
    expect((await second.call('GET', '/v1/api/iserver/accounts', { headers })).status).toBe(200);
    await first.call('POST', '/control/clock/advance', { body: { ms: 5 * 60_000 } });
    expect((await second.call('GET', '/v1/api/iserver/accounts', { headers })).status).toBe(401);
    expect((await first.call('GET', '/v1/api/iserver/accounts', { headers })).status).toBe(401);
  });

  it('keeps its position across a reset through either process, and for a process started later', async () => {
    const base = new ManualClock();
    const [first, second] = (await serversOn('reset', base)) as [Harness, Harness];
    await first.call('POST', '/control/clock/advance', { body: { ms: 86_400_000 } });
    const expected = new Date(base.now() + 86_400_000).toISOString();
    expect((await second.call('POST', '/control/reset')).status).toBe(200);
    expect(await healthTime(first)).toBe(expected);
    expect(await healthTime(second)).toBe(expected);
    const [third] = (await serversOn('reset', base, 1)) as [Harness];
    expect(await healthTime(third)).toBe(expected);
  });
});

// Redis outages under servers that keep serving (issue 29): Redis restarted empty, killed
// (SIGKILL) and restarted, and paused (SIGSTOP, then SIGCONT). Orders with client order ids (cOID)
// are in flight through three servers on one Redis. Every request must get an answer while Redis
// is still out (the order, or 503 with Retry-After in the operation's error shape), `/health`
// must answer throughout, and once Redis is back every server must serve again by itself. The
// counts are printed: orders answered, lost (answered 200, not booked), doubled (booked twice) and
// unknown (answered 503 but booked: the client learns it by placing the order again with its cOID).
import { startServer, type Harness } from '../harness.js';
import { defaultCommandTimeoutMs, RedisStore } from '../../src/store/redis/redis-store.js';
import { startScratchRedis, type ScratchRedis } from '../../src/store/redis/scratch-redis.js';
import { defined, limitBuy, tradingCalls } from '../trading-helpers.js';

let redis: ScratchRedis;
const started: Harness[] = [];

beforeAll(async () => {
  redis = await startScratchRedis();
});
afterEach(async () => {
  redis.resume();
  await Promise.all(started.splice(0).map((server) => server.close()));
});
afterAll(async () => {
  await redis.remove();
});

/** `count` servers on one brokerage (`prefix`); `commandTimeoutMs` is the scratch Redis's
 * (longer than the store's own) unless a test about a Redis too slow to answer gives it. */
async function serversOn(
  prefix: string,
  count: number,
  { onStoreLost, commandTimeoutMs }: { onStoreLost?: () => void; commandTimeoutMs?: number } = {},
) {
  const servers: Harness[] = [];
  for (let i = 0; i < count; i++) {
    const server = await startServer({
      store: redis.urlWithPrefix(prefix, { commandTimeoutMs }),
      ...(onStoreLost ? { onStoreLost } : {}),
    });
    started.push(server);
    servers.push(server);
  }
  return servers;
}

interface Placed {
  cOID: string;
  status: number;
  retryAfter: string | null;
  body: unknown;
}

async function place(server: Harness, cOID: string): Promise<Placed> {
  const answer = await tradingCalls(server).place(limitBuy(1, 189, { cOID }));
  return {
    cOID,
    status: answer.status,
    retryAfter: answer.headers.get('retry-after'),
    body: answer.body,
  };
}

/** Places `count` orders at once, round the servers. */
function placeMany(servers: Harness[], tag: string, count: number): Promise<Placed[]> {
  return Promise.all(
    Array.from({ length: count }, (_, n) =>
      place(servers[n % servers.length] as Harness, `${tag}-${n}`),
    ),
  );
}

/** How many times each cOID is booked in the store. */
async function booked(prefix: string): Promise<Map<string, number>> {
  const reader = new RedisStore({ url: redis.urlWithPrefix(prefix) });
  await reader.open();
  const counts = new Map<string, number>();
  for (const order of reader.collection('orders').values()) {
    if (order.cOID !== undefined) counts.set(order.cOID, (counts.get(order.cOID) ?? 0) + 1);
  }
  await reader.close();
  return counts;
}

/** Asks until `server` answers reads again (at most `attempts` times); answers how long it took. */
async function recovered(server: Harness, attempts = 400): Promise<number> {
  const from = performance.now();
  for (let attempt = 0; attempt < attempts; attempt++) {
    const answer = await server.call('GET', '/v1/api/iserver/accounts');
    if (answer.status === 200) return performance.now() - from;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the server did not recover');
}

/** The counts of an outage: `placed` answered while Redis was out, then every 503 placed again
 * with its cOID once Redis is back (it books the order, or tells it is already registered). */
async function figures(prefix: string, servers: Harness[], placed: Placed[]) {
  const bookedDuring = await booked(prefix);
  const unavailable = placed.filter((answer) => answer.status === 503);
  const again = await Promise.all(
    unavailable.map(({ cOID }, n) => place(servers[n % 3] as Harness, cOID)),
  );
  const bookedAfter = await booked(prefix);
  return {
    sent: placed.length,
    answered200: placed.filter((answer) => answer.status === 200).length,
    answered503: unavailable.length,
    other: placed.filter((answer) => answer.status !== 200 && answer.status !== 503).length,
    lost: placed.filter((answer) => answer.status === 200 && !bookedDuring.has(answer.cOID)).length,
    doubled: [...bookedAfter.values()].filter((count) => count > 1).length,
    unknown: unavailable.filter((answer) => bookedDuring.has(answer.cOID)).length,
    retriedBooked: again.filter((answer) => answer.status === 200).length,
    retriedAlreadyRegistered: again.filter((answer) =>
      JSON.stringify(answer.body).includes('already registered'),
    ).length,
    bookedOnceAfterRetry: placed.filter((answer) => bookedAfter.get(answer.cOID) === 1).length,
  };
}

const unreachable = expect.stringMatching(/^Store unreachable/);

describe('Redis restarted empty', () => {
  it('is seen by every server, which re-seeds it once and serves again', async () => {
    const servers = await serversOn('empty', 3);
    const before = await placeMany(servers, 'before', 6);
    expect(before.every((answer) => answer.status === 200)).toBe(true);

    await redis.restart({ empty: true });
    const times = await Promise.all(servers.map((server) => recovered(server)));
    console.log(`recovery after an empty restart (ms): ${times.map(Math.round).join(', ')}`);
    for (const server of servers) {
      expect((await server.call('GET', '/health')).body).toMatchObject({ store: 'ready' });
    }

    // The fixtures again, once: the seeded account and no order of before the loss.
    const after = await placeMany(servers, 'after', 6);
    expect(after.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const orders = await booked('empty');
    expect([...orders.keys()].sort()).toEqual(after.map((answer) => answer.cOID).sort());
    const accounts = await tradingCalls(servers[0] as Harness).openOrders();
    expect(accounts.status).toBe(200);
  }, 60_000);

  it('makes a server told not to re-seed answer 503 and report the loss (to be replaced)', async () => {
    let lost = 0;
    const server = defined((await serversOn('exit', 1, { onStoreLost: () => (lost += 1) }))[0]);
    await redis.restart({ empty: true });
    // Asked until the process has seen the loss: its reconnection to the restarted Redis comes
    // after ioredis's back-off, which a count of fast 503s may not outlast (bounded: 10 s).
    let answer = await server.call('GET', '/v1/api/iserver/accounts');
    for (let attempt = 0; attempt < 400 && lost === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      answer = await server.call('GET', '/v1/api/iserver/accounts');
    }
    expect(lost).toBe(1);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(answer.body).toEqual({ error: expect.stringMatching(/^Store lost/), statusCode: 503 });
    expect((await server.call('GET', '/health')).body).toMatchObject({ store: 'lost' });
    expect((await server.call('GET', '/ready')).status).toBe(503);
  }, 60_000);
});

describe('Redis paused (SIGSTOP)', () => {
  it('answers every request while paused, /health included, and serves again after', async () => {
    const servers = await serversOn('pause', 3, { commandTimeoutMs: defaultCommandTimeoutMs });
    await placeMany(servers, 'warm', 3);
    redis.pause();
    let answeredWhilePaused = false;
    const placing = placeMany(servers, 'paused', 9).then((placed) => {
      answeredWhilePaused = true;
      return placed;
    });
    const health = await Promise.all(servers.map((server) => server.call('GET', '/health')));
    const placed = await placing;
    const ready = await defined(servers[0]).call('GET', '/ready');
    // Resumed only now: every answer above came while Redis was stopped.
    expect(answeredWhilePaused).toBe(true);
    redis.resume();

    expect(health.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'degraded' });
    for (const answer of placed.filter((item) => item.status === 503)) {
      expect(answer.retryAfter).toBe('1');
      expect(answer.body).toEqual({ error: unreachable, statusCode: 503 });
    }
    const times = await Promise.all(servers.map((server) => recovered(server)));
    console.log(`recovery after a pause (ms): ${times.map(Math.round).join(', ')}`);
    const counts = await figures('pause', servers, placed);
    console.log(`pause figures: ${JSON.stringify(counts)}`);
    expect(counts.other).toBe(0);
    expect(counts.lost).toBe(0);
    expect(counts.doubled).toBe(0);
    expect(counts.bookedOnceAfterRetry).toBe(counts.sent);
  }, 60_000);
});

describe('Redis killed (SIGKILL) and restarted', () => {
  it('answers 503 at once while it is down and loses nothing it confirmed', async () => {
    const servers = await serversOn('kill', 3, { commandTimeoutMs: defaultCommandTimeoutMs });
    await placeMany(servers, 'warm', 3);
    const placing = placeMany(servers, 'killed', 9);
    await redis.kill();
    const placed = await placing;
    const down = await placeMany(servers, 'down', 3);
    const health = await defined(servers[1]).call('GET', '/health');
    await redis.restart();

    expect(down.map((answer) => answer.status)).toEqual([503, 503, 503]);
    expect(down[0]?.body).toEqual({ error: unreachable, statusCode: 503 });
    expect(health.body).toMatchObject({ status: 'ok', store: 'degraded' });
    const times = await Promise.all(servers.map((server) => recovered(server)));
    console.log(`recovery after a kill and restart (ms): ${times.map(Math.round).join(', ')}`);
    const counts = await figures('kill', servers, [...placed, ...down]);
    console.log(`kill figures: ${JSON.stringify(counts)}`);
    expect(counts.other).toBe(0);
    expect(counts.lost).toBe(0);
    expect(counts.doubled).toBe(0);
    expect(counts.bookedOnceAfterRetry).toBe(counts.sent);
  }, 60_000);
});

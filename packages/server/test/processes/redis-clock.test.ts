// One clock across processes: on a Redis store the clock's position (how far the control API
// moved it ahead) is a record every process reads, kept by a reset; the brokerage's timed work (a
// price walk with an interval, a banking transfer's settlement) is a task in the store that runs
// once, on the process that moves the clock or on the holder of the leader lease. Each server here has an OffsetClock of its own
// over one base clock, as processes over one system clock would.
import { Redis } from 'ioredis';
import type { ServerOptions } from '../../src/index.js';
import { expiryNoticeMs, ssoLifetimeMs } from '../../src/domain/accounts/sessions.js';
import { ManualClock, OffsetClock } from '../../src/domain/kernel/clock.js';
import { LeaderLease } from '../../src/store/redis/leader-lease.js';
import { useScratchRedis } from './scratch-redis-servers.js';
import { startServer, type Harness } from '../harness.js';
import { bearerHeader } from '../oauth2-helper.js';

const scratch = useScratchRedis();
const { started } = scratch;

/** `count` servers on one brokerage (`prefix`) of the scratch Redis, over one base clock. */
async function serversOn(
  prefix: string,
  base: ManualClock,
  count = 2,
  options: ServerOptions = {},
): Promise<Harness[]> {
  const servers: Harness[] = [];
  for (let i = 0; i < count; i++) {
    const server = await startServer({
      store: scratch.redis.urlWithPrefix(prefix),
      clock: new OffsetClock(base),
      ...options,
    });
    started.push(server);
    servers.push(server);
  }
  return servers;
}

/** Moves the clock ahead through the control API of `server`. */
async function advance(server: Harness, ms: number): Promise<void> {
  expect((await server.call('POST', '/control/clock/advance', { body: { ms } })).status).toBe(200);
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

    await advance(first, 4 * 60_000);
    expect((await second.call('GET', '/v1/api/iserver/accounts', { headers })).status).toBe(200);
    await advance(first, 5 * 60_000);
    expect((await second.call('GET', '/v1/api/iserver/accounts', { headers })).status).toBe(401);
    expect((await first.call('GET', '/v1/api/iserver/accounts', { headers })).status).toBe(401);
  });

  it("runs a process's own timers that another process's advance made due", async () => {
    const base = new ManualClock();
    const [first, second] = (await serversOn('timers', base, 2, {
      sessionTimeoutMs: 2 * ssoLifetimeMs,
    })) as [Harness, Harness];
    // The second opens the session: its expiry notice is the second's timer.
    const opened = await second.call('POST', '/control/sessions', {
      body: { username: 'demo_individual' },
    });
    const id = (opened.body as { session: string }).session;
    await advance(first, ssoLifetimeMs - expiryNoticeMs + 1000);
    // The second hears of the move (its log reader, or the catch-up of its next unit) and runs
    // the notice in a unit of its own, queued behind that one.
    await second.call('GET', '/health');
    await second.call('GET', '/health');
    await first.call('GET', '/health');
    expect(first.brokerage.store.collection('sessions').get(id)?.expiryAnnounced).toBe(true);
  });

  it('keeps its position across a reset through either process, and for a process started later', async () => {
    const base = new ManualClock();
    const [first, second] = (await serversOn('reset', base)) as [Harness, Harness];
    await advance(first, 86_400_000);
    const expected = new Date(base.now() + 86_400_000).toISOString();
    expect((await second.call('POST', '/control/reset')).status).toBe(200);
    expect(await healthTime(first)).toBe(expected);
    expect(await healthTime(second)).toBe(expected);
    const [third] = (await serversOn('reset', base, 1)) as [Harness];
    expect(await healthTime(third)).toBe(expected);
  });
});

const conid = 265598;

/** Counts the walk's steps each server takes (its own price changes of the contract). */
function countSteps(servers: Harness[]): number[] {
  const counts = servers.map(() => 0);
  servers.forEach((server, i) => {
    server.brokerage.market.onPriceChange((changed) => {
      if (changed === conid) counts[i] = (counts[i] ?? 0) + 1;
    });
  });
  return counts;
}

const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);

/** Lets time pass on its own by `ms`, then lets each server finish the units that started. */
async function pass(base: ManualClock, ms: number, servers: Harness[]): Promise<void> {
  base.advance(ms);
  for (const server of servers) await server.call('GET', '/health');
}

/** Lets `server` finish what Redis round trips still carry once the clock has moved (a lease
 * taken at a tick, the due work its holder then runs): asks `/health` until `done()` holds, at
 * most 50 times. Asking moves no clock, so it cannot add work. */
async function settle(server: Harness, done: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 50 && !done(); attempt++) await server.call('GET', '/health');
}

/** The stored tasks of a process's state but the standing one of the dividends (the next
 * ex-date or pay date of the fixture stocks' schedules, always due some day). */
const tasksLeft = (server: Harness) =>
  server.brokerage.store
    .collection('timedTasks')
    .values()
    .filter((task) => task.name !== 'dividendEvents');

describe('timed work on Redis', () => {
  it('steps a walk once per interval, whichever process moves the clock', async () => {
    const base = new ManualClock();
    const servers = await serversOn('walk-advance', base);
    const [first, second] = servers as [Harness, Harness];
    const steps = countSteps(servers);
    const walk = { conids: [conid], steps: 5, stepPercent: 1, intervalMs: 1000 };
    expect((await first.call('POST', '/control/prices/walk', { body: walk })).status).toBe(200);

    // The process that moves the clock runs what the move made due, in its unit: once.
    await advance(second, 2500);
    expect(steps).toEqual([0, 2]);
    await advance(first, 1000);
    expect(steps).toEqual([1, 2]);
    await advance(second, 60_000);
    expect(steps).toEqual([1, 4]);
    await advance(first, 60_000);
    expect(sum(steps)).toBe(5);
    expect(tasksLeft(first)).toEqual([]);
  });

  it('runs what a move of its own manual clock made due at once, though another process leads', async () => {
    const client = new Redis(scratch.redis.url);
    try {
      // Another process holds the lease (as when this one's lapsed between a test's moves).
      await client.set('manual:leader', 'another-process', 'PX', 60_000);
      const server = await startServer({ store: scratch.redis.urlWithPrefix('manual') });
      started.push(server);
      expect(await client.get('manual:leader')).toBe('another-process');
      const steps = countSteps([server]);
      const walk = { conids: [conid], steps: 2, stepPercent: 1, intervalMs: 10_000 };
      expect((await server.call('POST', '/control/prices/walk', { body: walk })).status).toBe(200);

      server.clock.advance(25_000);
      expect(steps).toEqual([2]);
      expect(tasksLeft(server)).toEqual([]);
    } finally {
      await client.quit();
    }
  });

  it('goes on with a walk on the leader as time passes, and after the process that started it closes', async () => {
    const base = new ManualClock();
    const servers = await serversOn('walk-leader', base);
    const [first, second] = servers as [Harness, Harness];
    const steps = countSteps(servers);
    const walk = { conids: [conid], steps: 4, stepPercent: 1, intervalMs: 1000 };
    expect((await first.call('POST', '/control/prices/walk', { body: walk })).status).toBe(200);

    await pass(base, 1000, servers); // the first process started first: it leads
    await settle(first, () => sum(steps) === 1);
    expect(steps).toEqual([1, 0]);
    await first.close();
    started.splice(started.indexOf(first), 1);

    // Its lease released, the second takes it at its next tick and runs what is due.
    await pass(base, 1000, [second]);
    await settle(second, () => sum(steps) === 2);
    expect(steps).toEqual([1, 1]);
    for (let i = 0; i < 4; i++) await pass(base, 1000, [second]);
    await settle(second, () => sum(steps) === 4);
    expect(steps).toEqual([1, 3]);
    expect(tasksLeft(second)).toEqual([]);
  });

  it('closes a business day once, however many processes come to its midnight', async () => {
    const base = new ManualClock(); // Monday 5 January 2026, 15:00 UTC
    const servers = await serversOn('close', base);
    const [first, second] = servers as [Harness, Harness];
    const pastMidnight = 9 * 3_600_000 + 1000;
    await advance(first, pastMidnight); // the first closes Monday in its unit
    await pass(base, pastMidnight, servers); // the second's own timer comes to that midnight
    const closes = (server: Harness) =>
      server.brokerage.store
        .collection('navHistories')
        .values()
        .map((history) => history.closes.length);
    await settle(second, () => closes(second).length > 0);
    expect(closes(second).length).toBeGreaterThan(0);
    expect(new Set([...closes(first), ...closes(second)])).toEqual(new Set([1]));
  });

  it('settles a transfer once, through another process, after the process that accepted it closed', async () => {
    const base = new ManualClock();
    const [first, second] = (await serversOn('settlement', base)) as [Harness, Harness];
    const usd = (server: Harness) => server.brokerage.account('U1234567')?.cash.USD ?? 0;
    const before = usd(first);
    const instruction = { accountId: 'U1234567', amount: 250, currency: 'USD' };
    const accepted = await first.call('POST', '/gw/api/v1/external-cash-transfers', {
      headers: await bearerHeader(first, 'transfers.write'),
      body: {
        instructionType: 'DEPOSIT',
        instruction: { ...instruction, bankInstructionMethod: 'WIRE', clientInstructionId: 7001 },
      },
    });
    expect(accepted.status).toBe(202);
    await first.close(); // its timers, had settlement been one, go with it
    started.splice(started.indexOf(first), 1);

    await advance(second, 24 * 3_600_000); // a deposit settles 24 hours after acceptance
    expect(usd(second)).toBe(before + 250);
    const [third] = (await serversOn('settlement', base, 1)) as [Harness];
    await advance(third, 24 * 3_600_000);
    await advance(second, 1000);
    expect([usd(second), usd(third)]).toEqual([before + 250, before + 250]);
    const id = accepted.body.instructionResult.instructionId as number;
    const polled = await third.call('GET', `/gw/api/v1/instructions/${id}`, {
      headers: await bearerHeader(third, 'instructions.read'),
    });
    expect(polled.body.instructionResult.instructionStatus).toBe('PROCESSED');
    expect(tasksLeft(third)).toEqual([]);
  });

  it('keeps timed work the same way in memory: the walk is a task its one process runs', async () => {
    const server = await startServer({});
    started.push(server);
    const walk = { conids: [conid], steps: 2, stepPercent: 1, intervalMs: 1000 };
    await server.call('POST', '/control/prices/walk', { body: walk });
    expect(tasksLeft(server).map((task) => task.name)).toEqual(['priceWalk']);
    const steps = countSteps([server]);
    server.clock.advance(2000);
    expect(steps).toEqual([2]);
    expect(tasksLeft(server)).toEqual([]);
  });
});

describe('the leader lease', () => {
  it('is held by one process; once its holder is gone (its lease expired) another takes it', async () => {
    const client = new Redis(scratch.redis.url);
    const connection = { redis: client, prefix: 'lease' };
    const clocks = [new ManualClock(), new ManualClock()] as const; // one per process
    const led: string[] = [];
    const errors: unknown[] = [];
    const lease = (name: string, clock: ManualClock) =>
      new LeaderLease(connection, clock, {
        ttlMs: 3000,
        onLead: () => led.push(name),
        onError: (error) => errors.push(error),
      });
    const first = lease('first', clocks[0]);
    const second = lease('second', clocks[1]);
    try {
      await first.start();
      await second.start();
      expect([first.held, second.held]).toEqual([true, false]);
      expect(await client.pttl('lease:leader')).toBeGreaterThan(0);

      // The first process dies (its clock ticks no more): its lease expires (deleted here, not
      // waited for); the second takes it at its next tick.
      await client.del('lease:leader');
      clocks[1].advance(1000);
      await client.ping(); // after the tick's command, on the same connection
      expect(second.held).toBe(true);
      expect(led).toEqual(['first', 'second']);
      // Had the first only stalled, its next renewal finds the lease taken: it leads no more.
      clocks[0].advance(1000);
      await client.ping();
      expect(first.held).toBe(false);

      await second.stop();
      expect(await client.exists('lease:leader')).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
      await client.quit();
    }
  });
});

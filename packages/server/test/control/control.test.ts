import { DomainError } from '../../src/domain/kernel/errors.js';
import { ManualClock, OffsetClock, type Clock } from '../../src/domain/kernel/clock.js';
import type { Fixtures } from '../../src/domain/accounts/model.js';
import { defaultFixtures } from '../../src/fixtures/index.js';
import { startServer, WatchedClock, type Harness } from '../harness.js';

/** A manual clock that tells when something schedules a timer of a given length, so a test can
 * advance it once the server is waiting, instead of sleeping. */
const AAPL = 265598;
const MSFT = 272093;

function at<T>(items: T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

function fixturesWith(change: (fixtures: Fixtures) => void): Fixtures {
  const fixtures = structuredClone(defaultFixtures);
  change(fixtures);
  return fixtures;
}

describe('control API', () => {
  let server: Harness;
  afterEach(() => server.close());

  describe('reset', () => {
    it('drops sessions and price changes, and keeps the gateway session working', async () => {
      server = await startServer();
      const opened = await server.call('POST', '/control/sessions', {
        body: { username: 'demo_advisor' },
      });
      await server.call('PUT', `/control/prices/${AAPL}`, { body: { price: 250 } });
      const reset = await server.call('POST', '/control/reset');
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({
        seed: 1,
        users: defaultFixtures.users.length,
        accounts: defaultFixtures.accounts.length,
        instruments: expect.any(Number),
        gatewaySession: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      expect(server.brokerage.market.price(AAPL)).toBe(189.5);
      const stale = await server.call('POST', '/v1/api/tickle', {
        headers: { cookie: opened.body.cookie },
      });
      expect(stale.status).toBe(401);
      const gateway = await server.call('POST', '/v1/api/tickle');
      expect(gateway.status).toBe(200);
      expect(gateway.body.session).toBe(reset.body.gatewaySession);
    });

    it('starts the simulation over from the given seed: the same seed gives the same price walk', async () => {
      server = await startServer({ mode: 'hosted' });
      const headers = {};
      const walkAfterReset = async (seed: number) => {
        await server.call('POST', '/control/reset', { body: { seed }, headers });
        return (await server.call('POST', '/control/prices/walk', { body: { steps: 3 }, headers }))
          .body.prices;
      };
      const first = await walkAfterReset(7);
      expect(await walkAfterReset(7)).toEqual(first);
      expect(await walkAfterReset(8)).not.toEqual(first);
      expect(server.controls.reset({ seed: 7 })).toMatchObject({ seed: 7 });
      expect(server.controls.walkPrices({ steps: 3 })).toEqual(first);
    });

    it('clears injected faults', async () => {
      server = await startServer();
      server.controls.injectFault('tickle', { status: 503 });
      server.controls.reset();
      expect((await server.call('POST', '/v1/api/tickle')).status).toBe(200);
    });

    it('refuses an unknown field or a negative seed with 400', async () => {
      server = await startServer();
      for (const body of [{ seed: -1 }, { sed: 1 }]) {
        const answer = await server.call('POST', '/control/reset', { body });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({
          error: expect.stringMatching(/^Bad Request: /),
          statusCode: 400,
        });
      }
      expect(() => server.controls.reset({ seed: -1 })).toThrow(DomainError);
    });
  });

  describe('fixtures', () => {
    it('loads the shipped fixtures as they are (the schema mirrors the model)', async () => {
      server = await startServer();
      const answer = await server.call('POST', '/control/fixtures', { body: defaultFixtures });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ users: 3, accounts: defaultFixtures.accounts.length });
    });

    it('loads other fixtures: a new user can get a session, a removed one cannot', async () => {
      server = await startServer({ mode: 'hosted' });
      const fixtures = fixturesWith((data) => {
        data.users = [{ ...at(data.users, 0), username: 'tester', userId: 424242 }];
      });
      const loaded = await server.call('POST', '/control/fixtures', { body: fixtures });
      expect(loaded.status).toBe(200);
      expect(loaded.body).toMatchObject({ users: 1, seed: 1 });
      expect(loaded.body.gatewaySession).toBeUndefined();
      const tester = await server.call('POST', '/control/sessions', {
        body: { username: 'tester' },
      });
      expect(tester.body).toMatchObject({ username: 'tester', userId: 424242 });
      const tickle = await server.call('POST', '/v1/api/tickle', {
        headers: { cookie: tester.body.cookie },
      });
      expect(tickle.body.userId).toBe(424242);
      expect(
        (await server.call('POST', '/control/sessions', { body: { username: 'demo_individual' } }))
          .status,
      ).toBe(404);
      // A reset goes back to the fixtures loaded last, not to the ones the server started with.
      server.controls.reset();
      expect(server.brokerage.user('tester')).toBeDefined();
      expect(server.brokerage.user('demo_advisor')).toBeUndefined();
    });

    it('refuses fixtures that fail the schema with 400, keeping the current state', async () => {
      server = await startServer({ mode: 'hosted' });
      const session = server.controls.createSession('demo_advisor');
      server.controls.setPrice(AAPL, 222);
      const invalid = [
        { users: defaultFixtures.users, accounts: defaultFixtures.accounts },
        fixturesWith((data) => {
          (data.accounts[0] as unknown as Record<string, unknown>).colour = 'blue';
        }),
        fixturesWith((data) => {
          (data.users[0] as unknown as Record<string, unknown>).userId = 'one';
        }),
      ];
      for (const body of invalid) {
        const answer = await server.call('POST', '/control/fixtures', { body });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({
          error: expect.stringMatching(/^Bad Request: .*request\/body/),
          statusCode: 400,
        });
      }
      expect(
        (await server.call('POST', '/v1/api/tickle', { headers: { cookie: session.cookie } }))
          .status,
      ).toBe(200);
      expect(server.brokerage.market.price(AAPL)).toBe(222);
    });

    it('refuses fixtures that do not hold together with 400 naming each problem, keeping the state', async () => {
      server = await startServer();
      const session = server.controls.createSession('demo_advisor');
      const broken = fixturesWith((data) => {
        at(data.users, 0).accounts = ['U0000000'];
        data.users.push({ ...at(data.users, 1), userId: 1 });
        at(data.accounts, 0).positions.push({ conid: 999999999, quantity: 1, averageCost: 1 });
        at(data.accounts, 0).cash.SEK = 100;
      });
      const answer = await server.call('POST', '/control/fixtures', { body: broken });
      expect(answer.status).toBe(400);
      expect(answer.body.statusCode).toBe(400);
      for (const problem of [
        'user demo_individual names unknown account U0000000',
        'username demo_advisor is used twice',
        'holds unknown conid 999999999',
        'no currency pair converts SEK to USD',
      ]) {
        expect(answer.body.error).toContain(problem);
      }
      expect(
        (await server.call('POST', '/v1/api/tickle', { headers: { cookie: session.cookie } }))
          .status,
      ).toBe(200);
      expect(server.brokerage.user('demo_advisor')?.userId).toBe(10002002);
    });

    it("refuses, in gateway mode, fixtures without the gateway's user", async () => {
      server = await startServer();
      const withoutGatewayUser = fixturesWith((data) => {
        data.users = data.users.filter((user) => user.username !== 'demo_individual');
      });
      expect(() => server.controls.loadFixtures(withoutGatewayUser)).toThrow(
        "the gateway's user demo_individual is missing",
      );
      expect((await server.call('POST', '/v1/api/tickle')).status).toBe(200);
    });
  });

  describe('sessions', () => {
    it('opens a session whose id works as the api cookie', async () => {
      server = await startServer({ mode: 'hosted' });
      const answer = await server.call('POST', '/control/sessions', {
        body: { username: 'demo_advisor' },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        session: expect.stringMatching(/^[0-9a-f]{32}$/),
        cookie: `api=${answer.body.session}`,
        username: 'demo_advisor',
        userId: 10002002,
        brokerage: true,
        selectedAccount: 'F7654321',
      });
      const ping = await server.call('POST', '/v1/api/tickle', {
        headers: { cookie: `api=${answer.body.session}` },
      });
      expect(ping.status).toBe(200);
      expect(ping.body).toMatchObject({ session: answer.body.session, userId: 10002002 });
    });

    it('leaves the brokerage session closed when asked: /iserver answers no bridge', async () => {
      server = await startServer({ mode: 'hosted' });
      const session = await server.call('POST', '/control/sessions', {
        body: { username: 'demo_individual', brokerage: false },
      });
      expect(session.body.brokerage).toBe(false);
      const accounts = await server.call('GET', '/v1/api/iserver/accounts', {
        headers: { cookie: session.body.cookie },
      });
      expect(accounts.status).toBe(400);
      expect(accounts.body).toEqual({ error: 'no bridge', statusCode: 400 });
    });

    it('answers 404 for an unknown user and 400 without a username', async () => {
      server = await startServer();
      const unknown = await server.call('POST', '/control/sessions', {
        body: { username: 'nobody' },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: 'User nobody does not exist', statusCode: 404 });
      expect((await server.call('POST', '/control/sessions', { body: {} })).status).toBe(400);
    });
  });

  describe('prices', () => {
    it('sets the price of one contract', async () => {
      server = await startServer();
      const answer = await server.call('PUT', `/control/prices/${AAPL}`, {
        body: { price: 201.75 },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ conid: AAPL, price: 201.75 });
      expect(server.brokerage.market.price(AAPL)).toBe(201.75);
    });

    it('sets several prices, all or none', async () => {
      server = await startServer();
      const ok = await server.call('POST', '/control/prices', {
        body: {
          prices: [
            { conid: AAPL, price: 190 },
            { conid: 272093, price: 420 },
          ],
        },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.prices).toEqual([
        { conid: AAPL, price: 190 },
        { conid: 272093, price: 420 },
      ]);
      expect(server.brokerage.market.price(272093)).toBe(420);
      const partlyUnknown = await server.call('POST', '/control/prices', {
        body: {
          prices: [
            { conid: AAPL, price: 1 },
            { conid: 999999999, price: 2 },
          ],
        },
      });
      expect(partlyUnknown.status).toBe(404);
      expect(partlyUnknown.body).toEqual({
        error: 'Contract 999999999 does not exist',
        statusCode: 404,
      });
      expect(server.brokerage.market.price(AAPL)).toBe(190);
    });

    it('answers 404 for an unknown contract and 400 for a price that is not positive', async () => {
      server = await startServer();
      expect(
        (await server.call('PUT', '/control/prices/999999999', { body: { price: 1 } })).status,
      ).toBe(404);
      for (const price of [0, -5, '10']) {
        expect(
          (await server.call('PUT', `/control/prices/${AAPL}`, { body: { price } })).status,
        ).toBe(400);
      }
      expect(() => server.controls.setPrice(AAPL, Number.NaN)).toThrow(
        'must be above 0 and at most 10000000',
      );
      expect(server.brokerage.market.price(AAPL)).toBe(189.5);
    });
  });

  describe('price walk', () => {
    it('moves every price with market data, the same way for the same seed', async () => {
      server = await startServer({ seed: 7 });
      const first = await server.call('POST', '/control/prices/walk', {
        body: { steps: 20, stepPercent: 1 },
      });
      expect(first.status).toBe(200);
      const aapl = first.body.prices.find((entry: { conid: number }) => entry.conid === AAPL);
      expect(aapl.price).not.toBe(189.5);
      // 20 steps of at most 1 %: within 0.99^20 and 1.01^20 of the start.
      expect(aapl.price).toBeGreaterThan(189.5 * 0.99 ** 20);
      expect(aapl.price).toBeLessThan(189.5 * 1.01 ** 20);
      expect(server.brokerage.market.price(AAPL)).toBe(aapl.price);
      // BRK.B has no market data: it stays without a price.
      expect(first.body.prices.some((entry: { conid: number }) => entry.conid === 72063691)).toBe(
        false,
      );

      await server.call('POST', '/control/reset', { body: { seed: 7 } });
      const again = await server.call('POST', '/control/prices/walk', {
        body: { steps: 20, stepPercent: 1 },
      });
      expect(again.body).toEqual(first.body);
      await server.call('POST', '/control/reset', { body: { seed: 8 } });
      const other = await server.call('POST', '/control/prices/walk', {
        body: { steps: 20, stepPercent: 1 },
      });
      expect(other.body).not.toEqual(first.body);
    });

    it('fills a working limit order when the walk crosses its price', async () => {
      server = await startServer({ seed: 5 });
      server.brokerage.sessions.update(server.openGatewaySession(), { accountsQueried: true });
      const placed = await server.call('POST', '/v1/api/iserver/account/U1234567/orders', {
        body: {
          orders: [
            { conid: AAPL, orderType: 'LMT', side: 'BUY', price: 188, quantity: 1, tif: 'GTC' },
          ],
        },
      });
      expect(placed.body[0].order_status).toBe('Submitted');
      for (let walk = 0; walk < 50 && (server.brokerage.market.price(AAPL) ?? 0) > 188; walk++) {
        await server.call('POST', '/control/prices/walk', { body: { steps: 5, stepPercent: 0.5 } });
      }
      expect(server.brokerage.market.price(AAPL)).toBeLessThanOrEqual(188);
      const status = await server.call(
        'GET',
        `/v1/api/iserver/account/order/status/${placed.body[0].order_id}`,
      );
      expect(status.body.order_status).toBe('Filled');
    });

    it('refuses a walk out of bounds with 400, changing nothing', async () => {
      server = await startServer();
      for (const body of [
        { steps: 0 },
        { steps: 1001 },
        { stepPercent: 0 },
        { stepPercent: 60 },
        { drift: 1 },
        { conids: [72063691] }, // no price to walk
        { conids: [] },
        { intervalMs: 0 },
      ]) {
        expect((await server.call('POST', '/control/prices/walk', { body })).status).toBe(400);
      }
      expect(server.brokerage.market.price(AAPL)).toBe(189.5);
    });

    it('walks the given contracts a step each interval of the clock, until a reset', async () => {
      server = await startServer();
      const msft = server.brokerage.market.price(MSFT);
      const answer = await server.call('POST', '/control/prices/walk', {
        body: { conids: [AAPL], steps: 3, stepPercent: 1, intervalMs: 1000 },
      });
      expect(answer.body).toEqual({ prices: [{ conid: AAPL, price: 189.5 }] });
      server.clock.advance(999);
      expect(server.brokerage.market.price(AAPL)).toBe(189.5);
      server.clock.advance(1);
      const first = server.brokerage.market.price(AAPL);
      expect(first).not.toBe(189.5);
      server.clock.advance(1000);
      expect(server.brokerage.market.price(AAPL)).not.toBe(first);
      expect(server.brokerage.market.price(MSFT)).toBe(msft);
      await server.call('POST', '/control/reset');
      server.clock.advance(5000);
      expect(server.brokerage.market.price(AAPL)).toBe(189.5);
    });
  });

  describe('clock', () => {
    it('reads and advances a manual clock, running what falls due: sessions time out', async () => {
      server = await startServer({ mode: 'hosted', sessionTimeoutMs: 60_000 });
      const start = server.clock.now();
      expect((await server.call('GET', '/control/clock')).body).toEqual({
        now: start,
        time: new Date(start).toISOString(),
      });
      const session = server.controls.createSession('demo_individual');
      const advanced = await server.call('POST', '/control/clock/advance', {
        body: { ms: 60_000 },
      });
      expect(advanced.status).toBe(200);
      expect(advanced.body.now).toBe(start + 60_000);
      expect(server.clock.now()).toBe(start + 60_000);
      expect(
        (await server.call('POST', '/v1/api/tickle', { headers: { cookie: session.cookie } }))
          .status,
      ).toBe(401);
      expect(server.controls.advanceClock(500)).toEqual({
        now: start + 60_500,
        time: new Date(start + 60_500).toISOString(),
      });
    });

    it('advances the default clock, the system clock plus an offset', async () => {
      server = await startServer({ clock: undefined });
      const before = Date.now();
      const answer = await server.call('POST', '/control/clock/advance', {
        body: { ms: 86_400_000 },
      });
      expect(answer.body.now).toBeGreaterThanOrEqual(before + 86_400_000);
      expect(server.controls.readClock().now).toBeGreaterThanOrEqual(before + 86_400_000);
    });

    it('refuses a negative or fractional advance, and a clock that cannot move', async () => {
      server = await startServer();
      for (const ms of [-1, 1.5]) {
        expect((await server.call('POST', '/control/clock/advance', { body: { ms } })).status).toBe(
          400,
        );
      }
      await server.close();
      const fixed: Clock = { now: () => 0, schedule: () => () => undefined };
      server = await startServer({ clock: fixed });
      const answer = await server.call('POST', '/control/clock/advance', { body: { ms: 1 } });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("The server's clock cannot be advanced");
    });
  });

  describe('faults', () => {
    it('answers the operation’s documented 503 body, as many times as asked', async () => {
      server = await startServer();
      const injected = await server.call('PUT', '/control/faults/tickle', {
        body: { status: 503, times: 2 },
      });
      expect(injected.status).toBe(200);
      expect(injected.body).toEqual({ operationId: 'tickle', latencyMs: 0, status: 503, times: 2 });
      for (let i = 0; i < 2; i++) {
        const failed = await server.call('POST', '/v1/api/tickle');
        expect(failed.status).toBe(503);
        expect(failed.body).toEqual({ error: 'Injected fault (503)', statusCode: 503 });
      }
      expect((await server.call('POST', '/v1/api/tickle')).status).toBe(200);
    });

    it('uses the given message and sends Retry-After with 429', async () => {
      server = await startServer();
      server.controls.injectFault('tickle', { status: 429, message: 'Too Many Requests' });
      const answer = await server.call('POST', '/v1/api/tickle');
      expect(answer.status).toBe(429);
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.body).toEqual({ error: 'Too Many Requests', statusCode: 429 });
    });

    it('clears every fault and latency', async () => {
      server = await startServer();
      await server.call('PUT', '/control/faults/tickle', { body: { status: 500 } });
      expect((await server.call('POST', '/v1/api/tickle')).status).toBe(500);
      const cleared = await server.call('DELETE', '/control/faults');
      expect(cleared.status).toBe(204);
      expect((await server.call('POST', '/v1/api/tickle')).status).toBe(200);
    });

    it('delays an operation by the latency, on the server clock', async () => {
      const clock = new WatchedClock();
      server = await startServer({ clock });
      await server.call('PUT', '/control/faults/tickle', { body: { latencyMs: 2_000 } });
      const waiting = clock.whenScheduled(2_000);
      const pending = server.call('POST', '/v1/api/tickle');
      await waiting;
      clock.advance(2_000);
      expect((await pending).status).toBe(200);
    });

    it('answers 503 when the latency passes the request timeout', async () => {
      const clock = new WatchedClock();
      server = await startServer({ clock });
      server.controls.injectFault('tickle', { latencyMs: 20_000 });
      const waiting = clock.whenScheduled(20_000);
      const pending = server.call('POST', '/v1/api/tickle');
      await waiting;
      await server.call('POST', '/control/clock/advance', {
        body: { ms: server.options.requestTimeoutMs },
      });
      const answer = await pending;
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ error: 'Request aborted after 10 seconds', statusCode: 503 });
    });

    it('answers 404 for an operationId the brokerage document lacks, 400 for a bad fault', async () => {
      server = await startServer();
      const unknown = await server.call('PUT', '/control/faults/placeOrder', {
        body: { status: 503 },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({
        error: 'Operation placeOrder is not in the brokerage document',
        statusCode: 404,
      });
      for (const body of [
        {},
        { status: 418 },
        { latencyMs: -1 },
        { times: 0, status: 500 },
        { message: 'x' },
      ]) {
        expect((await server.call('PUT', '/control/faults/tickle', { body })).status).toBe(400);
      }
      expect((await server.call('POST', '/v1/api/tickle')).status).toBe(200);
    });
  });

  it('answers an unknown control path with 404 as an error object', async () => {
    server = await startServer();
    const answer = await server.call('GET', '/control/nothing');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: 'Not Found', statusCode: 404 });
  });
});

describe('offset clock', () => {
  it('runs with its base clock, plus every advance', () => {
    const base = new ManualClock(1_000);
    const clock = new OffsetClock(base);
    clock.advance(500);
    base.advance(100);
    expect(clock.now()).toBe(1_600);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });

  it('runs at once, in order, what an advance makes due, and the rest when the base gets there', () => {
    const base = new ManualClock(0);
    const clock = new OffsetClock(base);
    const ran: string[] = [];
    clock.schedule(3_000, () => ran.push('3s'));
    clock.schedule(1_000, () => ran.push('1s'));
    const cancel = clock.schedule(2_000, () => ran.push('cancelled'));
    clock.schedule(10_000, () => ran.push('10s'));
    cancel();
    clock.advance(4_000);
    expect(ran).toEqual(['1s', '3s']);
    base.advance(5_999);
    expect(ran).toEqual(['1s', '3s']);
    base.advance(1);
    expect(ran).toEqual(['1s', '3s', '10s']);
  });
});

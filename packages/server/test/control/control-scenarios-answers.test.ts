// The control API's scenarios that change single answers: the penalty box (429 with the time
// left, and the pacer's threshold a test sets), reply ids that expire after a time of the clock
// (503 `Reply ID not found`) and snapshot fields that accumulate (every field asked for the
// contract so far).
import { startServer, type Harness } from '../harness.js';
import { AAPL, limitBuy, tradingCalls } from '../trading-helpers.js';

const user = { username: 'demo_individual' };

describe('scenarios of single answers', () => {
  let server: Harness;
  let calls: ReturnType<typeof tradingCalls>;
  beforeEach(async () => {
    server = await startServer({ sessionTimeoutMs: 60 * 60_000 });
    calls = tradingCalls(server);
  });
  afterEach(() => server.close());

  it('the penalty box: every request of the user answers 429 with the seconds left, until its time', async () => {
    const boxed = await server.call('POST', '/control/scenarios/penalty-box', {
      body: { ...user, ms: 90_500 },
    });
    expect(boxed.body).toEqual({ ...user, until: server.clock.now() + 90_500 });
    const refused = await server.call('GET', '/v1/api/iserver/accounts');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('91');
    expect(refused.body).toEqual({ error: 'Too Many Requests', statusCode: 429 });
    server.clock.advance(90_000);
    const later = await server.call('GET', '/v1/api/portfolio/accounts');
    expect([later.status, later.headers.get('retry-after')]).toEqual([429, '1']);
    server.clock.advance(500);
    expect((await server.call('GET', '/v1/api/iserver/accounts')).status).toBe(200);

    const byDefault = await server.call('POST', '/control/scenarios/penalty-box', { body: user });
    expect(byDefault.body).toEqual({ ...user, until: server.clock.now() + 600_000 });
    const tenMinutes = await server.call('GET', '/v1/api/iserver/accounts');
    expect(tenMinutes.headers.get('retry-after')).toBe('600');
    await server.call('POST', '/control/reset');
    expect((await server.call('GET', '/v1/api/iserver/accounts')).status).toBe(200);

    const unknown = await server.call('POST', '/control/scenarios/penalty-box', {
      body: { username: 'nobody' },
    });
    expect(unknown.status).toBe(404);
    const tooShort = await server.call('POST', '/control/scenarios/penalty-box', {
      body: { ...user, ms: 0 },
    });
    expect(tooShort.status).toBe(400);
    expect(() => server.controls.putInPenaltyBox(user.username, Number.NaN)).toThrow(
      /whole number/,
    );
  });

  it('reply ids that expire after a time of the clock: a later reply answers 503 Reply ID not found and drops the order', async () => {
    const armed = await server.call('POST', '/control/scenarios/reply-ids-expire', {
      body: { ...user, afterMs: 30_000 },
    });
    expect(armed.body).toEqual({ ...user, afterMs: 30_000 });
    // 5 % below the last price: warning o163.
    const held = await calls.place(limitBuy(1, 180));
    const [warning] = held.body as { id: string }[];
    server.clock.advance(30_000);
    const expired = await calls.reply(warning?.id ?? '');
    expect(expired.status).toBe(503);
    expect(expired.body).toEqual({ error: 'Reply ID not found', statusCode: 503 });
    calls.accountsQueried();
    expect((await calls.openOrders()).body).toMatchObject({ orders: [] });

    // Placed again and answered within the time, the order's warning is answered as usual.
    const again = await calls.place(limitBuy(1, 180));
    const [next] = again.body as { id: string }[];
    server.clock.advance(29_999);
    const confirmed = await calls.reply(next?.id ?? '');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject([{ order_status: expect.any(String) }]);

    // By default a minute; 0 expires each id as soon as it is given; a reset ends the scenario.
    const byDefault = await server.call('POST', '/control/scenarios/reply-ids-expire', {
      body: user,
    });
    expect(byDefault.body).toEqual({ ...user, afterMs: 60_000 });
    await server.call('POST', '/control/scenarios/reply-ids-expire', {
      body: { ...user, afterMs: 0 },
    });
    const atOnce = await calls.place(limitBuy(1, 170));
    const [gone] = atOnce.body as { id: string }[];
    expect((await calls.reply(gone?.id ?? '')).status).toBe(503);
    await server.call('POST', '/control/reset');
    expect(
      (
        await server.call('POST', '/control/scenarios/reply-ids-expire', {
          body: { ...user, afterMs: -1 },
        })
      ).status,
    ).toBe(400);
  });

  it('the penalty threshold: the pacer boxes a session after the violations a test sets', async () => {
    const paced = await startServer({ sessionTimeoutMs: 60 * 60_000, pacing: true });
    try {
      const set = await paced.call('POST', '/control/scenarios/penalty-box/threshold', {
        body: { violations: 3, ms: 120_000 },
      });
      expect(set.body).toEqual({ violations: 3, windowMs: 60_000, ms: 120_000 });
      // One request per 5 seconds to /portfolio/accounts: each at once after it is a violation.
      const statuses: [number, string | null][] = [];
      for (let request = 0; request < 4; request++) {
        const answer = await paced.call('GET', '/v1/api/portfolio/accounts');
        statuses.push([answer.status, answer.headers.get('retry-after')]);
      }
      expect(statuses).toEqual([
        [200, null],
        [429, '5'],
        [429, '5'],
        [429, '120'],
      ]);
      paced.clock.advance(119_000);
      expect((await paced.call('GET', '/v1/api/iserver/accounts')).status).toBe(429);
      paced.clock.advance(1_000);
      expect((await paced.call('GET', '/v1/api/iserver/accounts')).status).toBe(200);

      // The default again after a reset: 30 violations in a minute.
      await paced.call('POST', '/control/reset');
      const after: number[] = [];
      for (let request = 0; request < 4; request++)
        after.push((await paced.call('GET', '/v1/api/portfolio/accounts')).status);
      expect(after).toEqual([200, 429, 429, 429]);
      const refused = await paced.call('GET', '/v1/api/portfolio/accounts');
      expect(refused.headers.get('retry-after')).toBe('5');
      const bad = await paced.call('POST', '/control/scenarios/penalty-box/threshold', {
        body: { violations: 0 },
      });
      expect(bad.status).toBe(400);
    } finally {
      await paced.close();
    }
  });

  it('snapshot fields that accumulate: every field asked for the contract so far, until unsubscribed', async () => {
    const snapshot = (fields: string) =>
      server.call('GET', `/v1/api/iserver/marketdata/snapshot?conids=${AAPL}&fields=${fields}`);
    calls.accountsQueried();
    const fieldsOf = (body: unknown) =>
      Object.keys((body as Record<string, unknown>[])[0] ?? {}).filter((key) => /^\d+$/.test(key));

    expect(
      (await server.call('POST', '/control/scenarios/snapshot-fields-accumulate', { body: user }))
        .body,
    ).toEqual(user);
    // The first request only subscribes, as always; its fields are subscribed all the same.
    expect(fieldsOf((await snapshot('84,86')).body)).toEqual(['6119']);
    expect(fieldsOf((await snapshot('31')).body).sort()).toEqual(['31', '6119', '84', '86']);
    expect(fieldsOf((await snapshot('55')).body).sort()).toEqual(['31', '55', '6119', '84', '86']);

    await server.call('POST', '/v1/api/iserver/marketdata/unsubscribe', { body: { conid: AAPL } });
    expect(fieldsOf((await snapshot('31')).body)).toEqual(['6119']);
    expect(fieldsOf((await snapshot('31')).body).sort()).toEqual(['31', '6119']);
  });
});

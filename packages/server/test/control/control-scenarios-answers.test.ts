// The control API's scenarios that change single answers: the penalty box (429 with the time
// left), reply ids that expire (503 `Reply ID not found`, once) and snapshot fields that
// accumulate (every field asked for the contract so far).
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

  it('reply ids that expire: the next reply answers 503 Reply ID not found and drops the order, once', async () => {
    // 5 % below the last price: warning o163.
    const held = await calls.place(limitBuy(1, 180));
    const [warning] = held.body as { id: string }[];
    const armed = await server.call('POST', '/control/scenarios/reply-ids-expire', { body: user });
    expect(armed.body).toEqual(user);
    const expired = await calls.reply(warning?.id ?? '');
    expect(expired.status).toBe(503);
    expect(expired.body).toEqual({ error: 'Reply ID not found', statusCode: 503 });
    calls.accountsQueried();
    expect((await calls.openOrders()).body).toMatchObject({ orders: [] });

    // Placed again, the order's warning is answered as usual.
    const again = await calls.place(limitBuy(1, 180));
    const [next] = again.body as { id: string }[];
    const confirmed = await calls.reply(next?.id ?? '');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject([{ order_status: expect.any(String) }]);
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

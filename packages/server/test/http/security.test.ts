// Hosted mode as an attacker would try it, and requests that must not break an account.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { SeededRandom } from '../../src/domain/kernel/random.js';
import { startServer, type Harness } from '../harness.js';
import { AAPL, SAP_IBIS, defined } from '../trading-helpers.js';
import { userSession } from '../user-session.js';

const ADVISOR_SUB = 'U2345671';

/** A logger whose JSON lines are kept for the test to read. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('secrets come from node:crypto, the seed drives only the simulation', () => {
  let servers: Harness[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((server) => server.close()));
    servers = [];
  });

  it('two servers with the same seed hand out unrelated session ids, and the same prices', async () => {
    servers = [await startServer({ seed: 1 }), await startServer({ seed: 1 })];
    const [a, b] = servers as [Harness, Harness];
    const ids = [a, b].map((server) => server.controls.createSession('demo_individual').session);
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
    // The seeded generator's own output is not the id either (the default seed's first draws).
    expect(ids).not.toContain(new SeededRandom(1).hex(16));
    const walks = [a, b].map((server) => server.controls.walkPrices({ steps: 5, stepPercent: 2 }));
    expect(walks[0]).toEqual(walks[1]);
  });

  it('reply ids differ between servers of one seed, and one session cannot answer another’s', async () => {
    servers = [await startServer({ seed: 1 }), await startServer({ seed: 1 })];
    const replies: string[] = [];
    for (const server of servers) {
      const answer = await server.call('POST', '/v1/api/iserver/account/U1234567/orders', {
        body: { orders: [{ conid: AAPL, orderType: 'MKT', side: 'BUY', tif: 'DAY', quantity: 1 }] },
      });
      replies.push(answer.body[0].id as string);
    }
    expect(replies[0]).not.toBe(replies[1]);
    const server = defined(servers[0]);
    const other = userSession(server, 'demo_individual');
    const stolen = await server.call('POST', `/v1/api/iserver/reply/${replies[0]}`, {
      headers: other.headers,
      body: { confirmed: true },
    });
    expect(stolen.status).toBe(503);
    expect(stolen.body).toEqual({ error: 'Reply ID not found', statusCode: 503 });
    // The session that owns it still can.
    const own = await server.call('POST', `/v1/api/iserver/reply/${replies[0]}`, {
      body: { confirmed: true },
    });
    expect(own.status).toBe(200);
  });

  it("refuses an order id of another user's account", async () => {
    servers = [await startServer()];
    const server = defined(servers[0]);
    const placed = await server.call('POST', '/v1/api/iserver/account/U1234567/orders', {
      body: {
        orders: [
          { conid: AAPL, orderType: 'LMT', price: 189, side: 'BUY', tif: 'DAY', quantity: 1 },
        ],
      },
    });
    const orderId = placed.body[0].order_id as string;
    const advisor = userSession(server, 'demo_advisor');
    const status = await server.call('GET', `/v1/api/iserver/account/order/status/${orderId}`, {
      headers: advisor.headers,
    });
    expect(status.status).toBe(500);
    const cancel = await server.call(
      'DELETE',
      `/v1/api/iserver/account/U1234567/order/${orderId}`,
      {
        headers: advisor.headers,
      },
    );
    expect(cancel.status).toBeGreaterThanOrEqual(400);
    expect(server.brokerage.store.collection('orders').get(orderId)?.status).toBe('Submitted');
  });
});

describe('failed session lookups are throttled per client', () => {
  let server: Harness;
  afterEach(() => server.close());

  it('answers 429 with Retry-After after 20 unknown cookies in a minute, logs the burst once, and lets the client in after the window', async () => {
    const { logger, lines } = capturedLogger();
    server = await startServer({ mode: 'hosted', logger });
    const guess = (id: string) =>
      server.call('POST', '/v1/api/tickle', { headers: { cookie: `api=${id}` } });
    for (let i = 0; i < 19; i++)
      expect((await guess(i.toString(16).padStart(32, '0'))).status).toBe(401);
    const limited = await guess('f'.repeat(32));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even a valid cookie from that address waits for the window to end.
    const valid = server.controls.createSession('demo_individual');
    expect((await guess(valid.session)).status).toBe(429);
    expect((await guess('e'.repeat(32))).status).toBe(429);
    expect(lines.filter((line) => line.msg === 'failed session lookups throttled')).toHaveLength(1);
    server.clock.advance(60_000);
    expect((await guess(valid.session)).status).toBe(200);
  });

  it('counts unsigned and wrongly signed requests as failures too', async () => {
    server = await startServer({ mode: 'hosted', lookupThrottle: { failures: 3, windowMs: 1000 } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await server.call('GET', '/v1/api/iserver/accounts', {
            headers: { authorization: 'Bearer nope' },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 429, 429]);
  });
});

describe('the control API is an admin surface', () => {
  let server: Harness;
  afterEach(() => server.close());

  const openSession = (headers: Record<string, string> = {}) =>
    server.call('POST', '/control/sessions', { body: { username: 'demo_advisor' }, headers });

  it('is not served in hosted mode without an admin token', async () => {
    server = await startServer({ mode: 'hosted', controlToken: undefined });
    expect((await openSession()).status).toBe(404);
    expect((await server.call('POST', '/control/reset', { body: {} })).status).toBe(404);
    // In process, the controls stay.
    expect(server.controls.createSession('demo_advisor').username).toBe('demo_advisor');
  });

  it('requires the admin token as a bearer token when one is configured', async () => {
    server = await startServer({ mode: 'hosted', controlToken: 'admin-secret' });
    expect((await openSession()).status).toBe(401);
    const wrong = await openSession({ authorization: 'Bearer admin-secreT' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'control token required', statusCode: 401 });
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const right = await openSession({ authorization: 'Bearer admin-secret' });
    expect(right.status).toBe(200);
    expect(right.body.username).toBe('demo_advisor');
  });

  it('can be turned off in gateway mode, where it is open by default', async () => {
    server = await startServer({ control: false });
    expect((await openSession()).status).toBe(404);
    await server.close();
    server = await startServer();
    expect((await openSession()).status).toBe(200);
  });
});

describe('no input can corrupt an account', () => {
  let server: Harness;
  beforeAll(async () => {
    server = await startServer({ gatewayUser: 'demo_advisor' });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    server.controls.reset();
    await server.call('GET', '/v1/api/iserver/accounts');
  });

  const place = (order: Record<string, unknown>, accountId = 'F7654321') =>
    server.call('POST', `/v1/api/iserver/account/${accountId}/orders`, {
      body: { orders: [{ side: 'BUY', tif: 'DAY', ...order }] },
    });

  /** Confirms every warning of an answer until the orders are placed or rejected. */
  async function confirmAll(answer: Awaited<ReturnType<typeof place>>) {
    let current = answer;
    for (let round = 0; round < 10 && Array.isArray(current.body) && current.body[0]?.id; round++) {
      current = await server.call('POST', `/v1/api/iserver/reply/${current.body[0].id as string}`, {
        body: { confirmed: true },
      });
    }
    return current;
  }

  const readsOfAccount = (accountId: string) => [
    `/v1/api/portfolio/${accountId}/ledger`,
    `/v1/api/iserver/account/${accountId}/summary`,
    `/v1/api/iserver/account/${accountId}/summary/balances`,
    `/v1/api/iserver/account/${accountId}/summary/margins`,
    `/v1/api/iserver/account/${accountId}/summary/market_value`,
    '/v1/api/iserver/account/trades',
    '/v1/api/iserver/account/orders',
  ];

  it('refuses a market sell of 1e308 on a sub-account, and every read still answers', async () => {
    await server.call('GET', '/v1/api/portfolio/subaccounts');
    const answer = await confirmAll(
      await place({
        conid: AAPL,
        orderType: 'MKT',
        side: 'SELL',
        quantity: 1e308,
        acctId: ADVISOR_SUB,
      }),
    );
    expect(answer.status).toBe(500);
    expect(answer.body.error).toMatch(/quantity/);
    for (const path of readsOfAccount(ADVISOR_SUB)) {
      const read = await server.call('GET', path);
      expect({ path, status: read.status }).toEqual({ path, status: 200 });
    }
  });

  it('refuses a size that is not a whole number of the contract’s size increment', async () => {
    const tiny = await place({ conid: AAPL, orderType: 'LMT', price: 189, quantity: 1e-9 });
    expect(tiny.body).toEqual({ error: 'The quantity must be a multiple of 0.0001' });
    const wholeOnly = await place({
      conid: SAP_IBIS,
      orderType: 'LMT',
      price: 158.4,
      quantity: 0.5,
    });
    expect(wholeOnly.body).toEqual({
      error: 'Fractional quantities are not accepted for this contract and order type',
    });
    const fraction = await place({ conid: AAPL, orderType: 'LMT', price: 189, quantity: 0.5 });
    expect(fraction.body[0]).toMatchObject({ order_status: 'Submitted' });
  });

  it('refuses a price off the contract’s price increment', async () => {
    const answer = await place({ conid: AAPL, orderType: 'LMT', price: 189.123, quantity: 1 });
    expect(answer.body).toEqual({
      error: 'The price does not conform to the minimum price variation for this contract.',
    });
  });

  it('refuses prices beyond the bound in the control API, leaving every price as it was', async () => {
    const before = server.brokerage.market.price(AAPL);
    const answer = await server.call('POST', '/control/prices', {
      body: { prices: [{ conid: AAPL, price: 1e308 }] },
    });
    expect(answer.status).toBe(400);
    expect(server.brokerage.market.price(AAPL)).toBe(before);
    expect(() => server.controls.setPrice(AAPL, Number.POSITIVE_INFINITY)).toThrow(/at most/);
  });
});

describe('sessions behave like the gateway’s', () => {
  let server: Harness;
  afterEach(() => server.close());

  it('after logout, the control login opens the gateway session again and keeps the state', async () => {
    server = await startServer();
    const placed = await server.call('POST', '/v1/api/iserver/account/U1234567/orders', {
      body: {
        orders: [
          { conid: AAPL, orderType: 'LMT', price: 189, side: 'BUY', tif: 'DAY', quantity: 1 },
        ],
      },
    });
    const orderId = placed.body[0].order_id as string;
    const before = (await server.call('POST', '/v1/api/tickle')).body.session as string;
    expect((await server.call('POST', '/v1/api/logout')).status).toBe(200);
    expect((await server.call('POST', '/v1/api/tickle')).status).toBe(401);

    const login = await server.call('POST', '/control/gateway/login');
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ username: 'demo_individual', brokerage: true });
    expect(login.body.session).not.toBe(before);
    const ping = await server.call('POST', '/v1/api/tickle');
    expect(ping.status).toBe(200);
    expect(ping.body.session).toBe(login.body.session);
    await server.call('GET', '/v1/api/iserver/accounts');
    const status = await server.call('GET', `/v1/api/iserver/account/order/status/${orderId}`);
    expect(status.status).toBe(200);
  });

  it('after the idle timeout too; the control login answers 400 in hosted mode', async () => {
    server = await startServer({ sessionTimeoutMs: 60_000 });
    server.clock.advance(60_000);
    expect((await server.call('POST', '/v1/api/tickle')).status).toBe(401);
    expect(server.controls.loginGateway().brokerage).toBe(true);
    expect((await server.call('POST', '/v1/api/tickle')).status).toBe(200);
    await server.close();
    server = await startServer({ mode: 'hosted', controlToken: 't' });
    const refused = await server.call('POST', '/control/gateway/login', {
      headers: { authorization: 'Bearer t' },
    });
    expect(refused.status).toBe(400);
  });

  it('reopens a closed brokerage session through reauthenticate', async () => {
    server = await startServer({ mode: 'hosted' });
    const { headers } = userSession(server, 'demo_individual', { brokerageOpen: false });
    const before = await server.call('GET', '/v1/api/iserver/accounts', { headers });
    expect(before.body).toEqual({ error: 'no bridge', statusCode: 400 });
    const reauth = await server.call('POST', '/v1/api/iserver/reauthenticate', { headers });
    expect(reauth.status).toBe(200);
    expect(reauth.body).toEqual({ message: 'triggered' });
    expect((await server.call('GET', '/v1/api/iserver/accounts', { headers })).status).toBe(200);
  });

  it('a restarted server has new session ids, so an old cookie answers 401', async () => {
    server = await startServer({ seed: 3 });
    const old = (await server.call('POST', '/v1/api/tickle')).body.session as string;
    await server.close();
    server = await startServer({ seed: 3 });
    const fresh = (await server.call('POST', '/v1/api/tickle')).body.session as string;
    expect(fresh).not.toBe(old);
    const stale = await server.call('POST', '/v1/api/tickle', {
      headers: { cookie: `api=${old}` },
    });
    expect(stale.status).toBe(401);
  });
});

describe('HTTP hygiene', () => {
  let server: Harness;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('answers HEAD on a GET operation like the GET, without a body', async () => {
    const head = await fetch(`${server.baseUrl}/v1/api/portfolio/accounts`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/application\/json/);
    expect(await head.text()).toBe('');
  });

  it('answers a method the path does not offer with 405 and Allow', async () => {
    const activate = await server.call('DELETE', '/v1/api/iserver/account/U1234567/alert/activate');
    expect(activate.status).toBe(405);
    expect(activate.headers.get('allow')).toBe('POST');
    expect(activate.body).toEqual({ error: 'Method Not Allowed', statusCode: 405 });
    const ledger = await server.call('PUT', '/v1/api/portfolio/U1234567/ledger');
    expect(ledger.status).toBe(405);
    expect(ledger.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers a body over 1 MiB with 413 in the operation’s error shape', async () => {
    const big = { orders: [{ conid: AAPL, cOID: 'x'.repeat(1024 * 1024) }] };
    const order = await server.call('POST', '/v1/api/iserver/account/U1234567/orders', {
      body: big,
    });
    expect(order.status).toBe(413);
    expect(order.body).toEqual({ error: 'Payload Too Large', statusCode: 413 });
    const token = await server.call('POST', '/oauth2/api/v1/token', {
      body: 'a='.concat('x'.repeat(1024 * 1024)),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(token.status).toBe(413);
    expect(token.headers.get('content-type')).toMatch(/application\/problem\+json/);
  });
});

describe('token operations check credentials before the body', () => {
  let server: Harness;
  beforeAll(async () => {
    server = await startServer({ mode: 'hosted' });
  });
  afterAll(() => server.close());

  it('answers 401, not 400, to an SSO session request with a bad body and no valid token', async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-token' }];
    for (const headers of attempts) {
      const answer = await server.call('POST', '/gw/api/v1/sso-sessions', {
        body: { unexpected: true },
        headers,
      });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('content-type')).toMatch(/application\/problem\+json/);
    }
  });

  it('answers 401 to an OAuth 1.0a step without an OAuth header, whatever its body', async () => {
    const answer = await server.call('POST', '/v1/api/oauth/live_session_token', {
      body: 'not=form&data',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(401);
  });
});

describe('logs of refused requests', () => {
  let server: Harness;
  afterAll(() => server.close());

  it('logs a 4xx as one line with the request id and no stack trace', async () => {
    const { logger, lines } = capturedLogger();
    server = await startServer({ logger });
    const answer = await server.call('GET', '/v1/api/portfolio/U1234567/ledger');
    expect(answer.status).toBe(400);
    const logged = lines.filter(
      (line) => (line.res as { statusCode?: number } | undefined)?.statusCode === 400,
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 40, req: { id: expect.stringMatching(/\S/) } });
    expect(answer.headers.get('x-request-id')).toBe((logged[0]?.req as { id: string }).id);
    // Invalid order content answers 500, as the service does, but it is still the client's fault.
    const invalid = await server.call('POST', '/v1/api/iserver/account/U1234567/orders', {
      body: { orders: [{ conid: AAPL, orderType: 'LMT', side: 'BUY', tif: 'DAY', quantity: 1 }] },
    });
    expect(invalid.status).toBe(500);
    expect(JSON.stringify(lines)).not.toMatch(/"stack"/);
  });
});

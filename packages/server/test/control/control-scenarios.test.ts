// The control API's scenarios on the wire: the brokerage session lost or taken over (REST and the
// socket), the nightly reset at a time of the clock (every session ends, sockets close).
import { startServer, type Harness } from '../harness.js';
import { openSocket, topicOf } from '../stream-socket.js';
import { limitBuy, tradingCalls } from '../trading-helpers.js';
import { userSession } from '../user-session.js';

describe('scenarios of the control API', () => {
  let server: Harness;
  beforeEach(async () => {
    server = await startServer({ mode: 'hosted', streaming: { validateMessages: true } });
  });
  afterEach(() => server.close());

  it('loses the brokerage session, then competes for it; ssodh/init opens it again', async () => {
    const { headers } = userSession(server, 'demo_individual');
    const socket = await openSocket(server, { headers });
    await socket.next((message) => topicOf(message) === 'act');
    for (const [path, competing] of [
      ['brokerage-session-lost', false],
      ['competing-session', true],
    ] as const) {
      const hit = await server.call('POST', `/control/scenarios/${path}`, {
        body: { username: 'demo_individual' },
      });
      expect(hit.body).toEqual({ sessions: 1 });
      const status = await server.call('POST', '/v1/api/iserver/auth/status', { headers });
      expect(status.body).toMatchObject({ authenticated: false, connected: true, competing });
      expect(await socket.next((message) => topicOf(message) === 'sts')).toMatchObject({
        args: { authenticated: false, competing },
      });
      const refused = await server.call('GET', '/v1/api/iserver/accounts', { headers });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      await server.call('POST', '/v1/api/iserver/auth/ssodh/init', { headers, body: {} });
      expect(await socket.next((message) => topicOf(message) === 'sts')).toMatchObject({
        args: { authenticated: true, competing: false },
      });
    }
    const unknown = await server.call('POST', '/control/scenarios/competing-session', {
      body: { username: 'nobody' },
    });
    expect(unknown.status).toBe(404);
    socket.close();
  });

  it('ends every session at the nightly reset, closing the sockets as a logout does', async () => {
    const { headers } = userSession(server, 'demo_individual');
    const socket = await openSocket(server, { headers });
    await socket.next((message) => topicOf(message) === 'act');
    const at = server.clock.now() + 30_000;
    expect(
      (await server.call('POST', '/control/scenarios/nightly-reset', { body: { at } })).body,
    ).toEqual({ at });
    server.clock.advance(29_999);
    expect((await server.call('GET', '/v1/api/iserver/accounts', { headers })).status).toBe(200);
    server.clock.advance(1);
    expect(await socket.closed).toEqual({ code: 1000, reason: 'session ended' });
    expect(socket.received.filter((m) => topicOf(m) === 'sts').at(-1)).toMatchObject({
      args: { authenticated: false },
    });
    expect((await server.call('GET', '/v1/api/iserver/accounts', { headers })).status).toBe(401);
  });
});

describe('the live-orders cache scenario', () => {
  let server: Harness;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(() => server.close());

  it('answers the next forced list empty with snapshot false, once; the next call lists the orders', async () => {
    const calls = tradingCalls(server);
    await calls.place(limitBuy(1, 189));
    calls.accountsQueried();
    const armed = await server.call('POST', '/control/scenarios/live-orders-cache', {
      body: { username: 'demo_individual' },
    });
    expect(armed.body).toEqual({ username: 'demo_individual' });
    const forced = await calls.openOrders('?force=true');
    expect(forced.body).toEqual({ orders: [], snapshot: false });
    server.clock.advance(5000);
    const again = await calls.openOrders();
    expect(again.body).toMatchObject({ snapshot: true, orders: [{ side: 'BUY' }] });
    server.clock.advance(5000);
    const forcedAgain = await calls.openOrders('?force=true');
    expect(forcedAgain.body).toMatchObject({ snapshot: true, orders: [{ side: 'BUY' }] });
  });
});

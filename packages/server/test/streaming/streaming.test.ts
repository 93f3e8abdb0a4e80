// The WebSocket /v1/api/ws: authentication, heartbeats, `tic`, the streams fed from the event bus.
import type { streaming } from '@brokerage/types';
import { startServer, type Harness } from '../harness.js';
import { openSocket, topicOf, type TestSocket } from '../stream-socket.js';
import { AAPL, tradingCalls } from '../trading-helpers.js';
import { accessToken } from '../oauth2-helper.js';
import { userSession } from '../user-session.js';

type MarketData = streaming.ServerMessages['marketData'];

const withTopic =
  (topic: string) =>
  (message: streaming.ServerMessage): boolean =>
    topicOf(message) === topic;

describe('the streaming socket in gateway mode', () => {
  let server: Harness;
  let socket: TestSocket;
  beforeEach(async () => {
    server = await startServer({ streaming: { validateMessages: true } });
    socket = await openSocket(server);
  });
  afterEach(async () => {
    socket.close();
    await server.close();
  });

  it('opens with the session status, the greeting and the accounts', async () => {
    expect(await socket.next()).toMatchObject({ topic: 'sts', args: { authenticated: true } });
    expect(await socket.next()).toEqual({ topic: 'system', success: 'demo_individual' });
    const accounts = await socket.next();
    expect(accounts).toMatchObject({ topic: 'act', args: { selectedAccount: 'U1234567' } });
  });

  it('streams the snapshot fields of a contract, then only those that changed', async () => {
    socket.send(`smd+${AAPL}+{"fields":["31","84","86","7295"]}`);
    const first = (await socket.next(withTopic(`smd+${AAPL}`))) as MarketData;
    expect(first).toMatchObject({ conid: AAPL, conidEx: String(AAPL), server_id: 'q0' });

    // The HTTP snapshot at the same instant carries the same values.
    await server.call('GET', '/v1/api/iserver/accounts');
    const snapshot = `/v1/api/iserver/marketdata/snapshot?conids=${AAPL}&fields=31,84,86,7295`;
    await server.call('GET', snapshot);
    const [entry] = (await server.call('GET', snapshot)).body as Record<string, unknown>[];
    for (const code of ['31', '84', '86', '7295']) expect(first[code]).toBe(entry?.[code]);

    server.controls.setPrice(AAPL, 201.5);
    const update = (await socket.next(withTopic(`smd+${AAPL}`))) as MarketData;
    expect(update['31']).toBe('201.50');
    expect(update).not.toHaveProperty('7295');
    expect(update).not.toHaveProperty('server_id');
    expect(update._updated).toBe(server.clock.now());
  });

  it('stops a contract on umd', async () => {
    socket.send(`smd+${AAPL}+{"fields":["31"]}`);
    await socket.next(withTopic(`smd+${AAPL}`));
    socket.send(`umd+${AAPL}+{}`);
    await roundTrip(socket);
    server.controls.setPrice(AAPL, 190);
    await roundTrip(socket);
    expect(socket.received.filter(withTopic(`smd+${AAPL}`))).toHaveLength(1);
  });

  it('answers an error for a frame the document does not describe', async () => {
    socket.send('xyz+1');
    const error = await socket.next((message) => 'error' in message);
    expect(error).toMatchObject({ topic: 'error', error: expect.stringContaining('xyz') });
  });

  it("answers a subscription it cannot serve with an error on the subscription's topic", async () => {
    socket.send('ssd+U9999999+{}');
    expect(await socket.next((message) => 'error' in message)).toEqual({
      topic: 'ssd+U9999999',
      error: 'Account U9999999 is not accessible to this session',
    });
  });

  it('sends heartbeats on the clock and drops a socket whose tic stopped', async () => {
    await socket.next(withTopic('act'));
    server.clock.advance(10_000);
    expect(await socket.next()).toEqual({ topic: 'system', hb: server.clock.now() });
    server.clock.advance(110_000);
    expect(await socket.closed).toEqual({ code: 4001, reason: 'no tic received' });
  });

  it('keeps a socket that sends tic open', async () => {
    for (let minute = 0; minute < 4; minute++) {
      socket.send('tic');
      await roundTrip(socket);
      server.clock.advance(60_000);
    }
    await socket.next((message) => 'hb' in message && message.hb === server.clock.now());
    expect(server.streaming.size).toBe(1);
  });

  it('sends the order, its execution and the profit and loss of a fill', async () => {
    await server.call('GET', '/v1/api/iserver/accounts');
    socket.send('sor+{}');
    socket.send('str+{"realtimeUpdatesOnly":true}');
    socket.send('spl+{}');
    await socket.next(withTopic('sor'));
    const before = (await socket.next(withTopic('spl'))) as streaming.ServerMessages['pnl'];
    expect(before.args['U1234567.Core']).toMatchObject({ rowType: 1 });

    const trading = tradingCalls(server);
    let answer = await trading.place({
      conid: AAPL,
      orderType: 'MKT',
      side: 'BUY',
      tif: 'DAY',
      quantity: 5,
    });
    // Confirm the market order's warnings.
    while ((answer.body as { id?: string }[])[0]?.id !== undefined) {
      answer = await trading.reply((answer.body as { id: string }[])[0]?.id ?? '');
    }
    expect(answer.body).toMatchObject([{ order_status: 'Submitted' }]);
    const submitted = await socket.next(withTopic('sor'));
    expect(submitted).toMatchObject({
      args: [{ acct: 'U1234567', conid: AAPL, status: 'Submitted' }],
    });
    // The market order filled in the request that placed it (the market is open): the socket
    // hears it Submitted above, then its execution, its profit and loss and Filled.
    const trade = (await socket.next(withTopic('str'))) as streaming.ServerMessages['trades'];
    // As recorded live frames: a numeric conid, the order's id and the position after the fill
    // (the demo account held 100).
    const orderId = (answer.body as { order_id: string }[])[0]?.order_id;
    expect(trade.args[0]).toMatchObject({ conid: AAPL, side: 'B', size: 5, position: '105' });
    expect(String(trade.args[0]?.order_id)).toBe(orderId);
    const pnl = (await socket.next(withTopic('spl'))) as streaming.ServerMessages['pnl'];
    expect(pnl.args['U1234567.Core']?.rowType).toBe(1);
    const filled = await socket.next(withTopic('sor'));
    expect(filled).toMatchObject({ args: [{ status: 'Filled', filledQuantity: 5 }] });
  });

  it('follows a seeded price walk on the clock message by message', async () => {
    socket.send(`smd+${AAPL}+{"fields":["31"]}`);
    await socket.next(withTopic(`smd+${AAPL}`));
    const walk = { conids: [AAPL], steps: 3, stepPercent: 1 };
    // The same walk at once on a twin server (same seed): the prices the steps must reach.
    const twin = await startServer();
    const expected = [1, 2, 3].map((steps) => {
      twin.controls.reset();
      return twin.controls.walkPrices({ ...walk, steps })[0]?.price ?? 0;
    });
    await twin.close();
    const answer = await server.call('POST', '/control/prices/walk', {
      body: { ...walk, intervalMs: 1000 },
    });
    expect(answer.body).toEqual({ prices: [{ conid: AAPL, price: 189.5 }] });
    for (const price of expected) {
      server.clock.advance(1000);
      const update = (await socket.next(withTopic(`smd+${AAPL}`))) as MarketData;
      expect(update).toEqual({
        topic: `smd+${AAPL}`,
        conid: AAPL,
        _updated: server.clock.now(),
        '31': price.toFixed(2),
      });
    }
  });

  it('sends the bulletins of the control API', async () => {
    await socket.next(withTopic('act'));
    const sent = await server.call('POST', '/control/bulletins', { body: { message: 'Halted.' } });
    expect(sent.body).toEqual({ id: '1', message: 'Halted.' });
    expect(await socket.next(withTopic('blt'))).toEqual({
      topic: 'blt',
      args: { id: '1', message: 'Halted.' },
    });
    const empty = await server.call('POST', '/control/bulletins', { body: { message: '' } });
    expect(empty.status).toBe(400);
  });

  it('sends the account summary keys asked for, and the ledger', async () => {
    socket.send('ssd+U1234567+{"keys":["NetLiquidation","BuyingPower"]}');
    const summary = (await socket.next(
      withTopic('ssd+U1234567'),
    )) as streaming.ServerMessages['accountSummary'];
    expect(summary.result.map((value) => value.key)).toEqual(['NetLiquidation', 'BuyingPower']);
    socket.send('sld+U1234567+{}');
    const ledger = (await socket.next(
      withTopic('sld+U1234567'),
    )) as streaming.ServerMessages['ledger'];
    expect(ledger.result.map((entry) => entry.key)).toContain('LedgerListBASE');
    // Spelled as recorded live frames spell them, not as the HTTP ledger does.
    const base = ledger.result.find((entry) => entry.key === 'LedgerListBASE');
    expect(base).toMatchObject({ acctCode: 'U1234567', secondKey: 'BASE' });
    for (const field of ['settledCash', 'netLiquidationValue', 'exchangeRate', 'unrealizedPnl'])
      expect(base).toHaveProperty(field);
    for (const field of ['acctcode', 'settledcash', 'currency'])
      expect(base).not.toHaveProperty(field);
  });

  it('takes the history period spelled out, as clients send it', async () => {
    socket.send(`smh+${AAPL}+{"period": "2days", "bar": "1hour"}`);
    const spelled = await socket.next(withTopic(`smh+${AAPL}`));
    socket.send(`smh+${AAPL}+{"period": "2d", "bar": "1h"}`);
    const short = await socket.next(withTopic(`smh+${AAPL}`));
    expect(spelled).toMatchObject({ barLength: 3600 });
    expect((spelled as { data: unknown[] }).data).toEqual((short as { data: unknown[] }).data);
  });

  it('closes the socket at logout, after an unauthenticated status', async () => {
    await socket.next(withTopic('act'));
    await server.call('POST', '/v1/api/logout');
    expect(await socket.next(withTopic('sts'))).toMatchObject({
      args: { authenticated: false },
    });
    expect(await socket.closed).toEqual({ code: 1000, reason: 'session ended' });
  });
});

describe('the streaming socket in hosted mode', () => {
  let server: Harness;
  beforeEach(async () => {
    server = await startServer({ mode: 'hosted', streaming: { validateMessages: true } });
  });
  afterEach(() => server.close());

  it('waits for the session message, then opens', async () => {
    const socket = await openSocket(server);
    socket.send(`smd+${AAPL}+{}`);
    expect(await socket.next()).toEqual({ message: 'waiting for session' });
    const { session } = userSession(server, 'demo_individual');
    socket.send(JSON.stringify({ session: session.id }));
    expect(await socket.next()).toMatchObject({ topic: 'sts', args: { authenticated: true } });
    socket.close();
  });

  it('answers the subscriptions sent right after the session message, without waiting', async () => {
    const socket = await openSocket(server);
    const { session } = userSession(server, 'demo_individual');
    socket.send(JSON.stringify({ session: session.id }));
    socket.send(`smd+${AAPL}+{"fields":["31"]}`);
    expect(await socket.next(withTopic(`smd+${AAPL}`))).toMatchObject({ '31': '189.50' });
    socket.close();
  });

  it('closes on a session message that names no session', async () => {
    const socket = await openSocket(server);
    socket.send('{"session":"0123456789abcdef0123456789abcdef"}');
    expect(await socket.closed).toEqual({ code: 1008, reason: 'not authenticated' });
  });

  it('refuses the upgrade with a cookie that names no session', async () => {
    await expect(openSocket(server, { headers: { cookie: 'api=nope' } })).rejects.toThrow('401');
  });

  it('opens with the session cookie', async () => {
    const { headers } = userSession(server, 'demo_individual');
    const socket = await openSocket(server, { headers });
    expect(await socket.next()).toMatchObject({ topic: 'sts' });
    socket.close();
  });

  it('opens with a single sign-on token in the query, and refuses an unknown one', async () => {
    const created = await server.call('POST', '/gw/api/v1/sso-sessions', {
      headers: { authorization: `Bearer ${await accessToken(server)}` },
      body: { credential: 'demo_advisor', ip: '203.0.113.45' },
    });
    const token = (created.body as { access_token: string }).access_token;
    const socket = await openSocket(server, { query: `?bearer_token=${token}` });
    await socket.next(withTopic('sts'));
    expect(await socket.next()).toEqual({ topic: 'system', success: 'demo_advisor' });
    socket.close();
    await expect(openSocket(server, { query: '?bearer_token=a.b.c' })).rejects.toThrow('401');
    await expect(openSocket(server, { query: '?oauth_token=nope' })).rejects.toThrow('401');
  });

  it('closes the socket when the idle session ends on the clock', async () => {
    const { headers } = userSession(server, 'demo_individual');
    const socket = await openSocket(server, { headers });
    await socket.next(withTopic('act'));
    for (let step = 0; step < 4; step++) {
      socket.send('tic');
      await roundTrip(socket);
      server.clock.advance(60_000);
    }
    socket.send('tic');
    await roundTrip(socket);
    // The socket does not keep the HTTP session alive: it ends 5 minutes after the last request.
    server.clock.advance(70_000);
    expect(await socket.closed).toEqual({ code: 1000, reason: 'session ended' });
    expect(socket.received.filter(withTopic('sts')).at(-1)).toMatchObject({
      args: { authenticated: false },
    });
  });
});

/** Waits until the server has read everything sent before: a bad frame's error comes back. */
async function roundTrip(socket: TestSocket): Promise<void> {
  socket.send('xyz');
  await socket.next((message) => 'error' in message);
}

// The WebSocket /v1/api/ws as public clients open it and read it: the `api` cookie as a plain id or
// as ibind's JSON object, the gateway's own session, the `session` message, tokens; and ibind's
// subscriptions in gateway mode, each answered.
import type { streaming } from '@brokerage/types';
import { startServer, type Harness } from '../harness.js';
import { openSocket, topicOf, type TestSocket } from '../stream-socket.js';
import { AAPL, tradingCalls } from '../trading-helpers.js';
import { userSession } from '../user-session.js';

const withTopic =
  (topic: string) =>
  (message: streaming.ServerMessage): boolean =>
    topicOf(message) === topic;

/** The topics ibind subscribes to, each of which a fill moves. */
const streams = [`smd+${AAPL}`, 'sor', 'str', 'ssd+U1234567', 'sld+U1234567', 'spl'];

/** Reads the socket until a message of each topic came; the last of each. */
async function untilEach(
  socket: TestSocket,
  topics: string[],
): Promise<Map<string, streaming.ServerMessage>> {
  const seen = new Map<string, streaming.ServerMessage>();
  await socket.next((message) => {
    const topic = topicOf(message);
    if (topic !== undefined && topics.includes(topic)) seen.set(topic, message);
    return seen.size === topics.length;
  });
  return seen;
}

/** The cookie as ibind's gateway mode sends it: `json.dumps({'session': id})`. */
const jsonCookie = (sessionId: string) => ({ cookie: `api={"session": "${sessionId}"}` });

describe('the socket in gateway mode, as ibind opens it', () => {
  let server: Harness;
  beforeEach(async () => {
    server = await startServer({ streaming: { validateMessages: true } });
  });
  afterEach(() => server.close());

  it('opens without credentials on the gateway session', async () => {
    const socket = await openSocket(server);
    expect(await socket.next()).toMatchObject({ topic: 'sts', args: { authenticated: true } });
    socket.close();
  });

  it('streams every subscription ibind sends to a socket opened with the JSON cookie', async () => {
    const tickle = await server.call('POST', '/v1/api/tickle');
    const sessionId = (tickle.body as { session: string }).session;
    const socket = await openSocket(server, { headers: jsonCookie(sessionId) });
    await socket.next(withTopic('act'));
    await server.call('GET', '/v1/api/iserver/accounts');

    socket.send(`smd+${AAPL}+{"fields": ["31", "84", "86"]}`);
    socket.send('sor+{}');
    socket.send('str+{}');
    socket.send('ssd+U1234567+{}');
    socket.send('sld+U1234567+{}');
    socket.send('spl+{}');
    socket.send(
      `smh+${AAPL}+{"exchange": "NASDAQ", "period": "1d", "bar": "1hour", "outsideRTH": true, "source": "trades", "format": "%o/%c/%h/%l"}`,
    );
    const first = await untilEach(socket, [...streams, `smh+${AAPL}`]);
    expect(first.get(`smd+${AAPL}`)).toMatchObject({ conid: AAPL });
    expect(first.get('ssd+U1234567')).toHaveProperty('result');
    expect(first.get('sld+U1234567')).toHaveProperty('result');
    expect(first.get(`smh+${AAPL}`)).toMatchObject({ barLength: 3600 });

    // A market order: its price is the empty string on `sor`, as in the HTTP list.
    const trading = tradingCalls(server);
    let answer = await trading.place({
      conid: AAPL,
      orderType: 'MKT',
      side: 'BUY',
      tif: 'DAY',
      quantity: 5,
    });
    while ((answer.body as { id?: string }[])[0]?.id !== undefined) {
      answer = await trading.reply((answer.body as { id: string }[])[0]?.id ?? '');
    }
    expect(await socket.next(withTopic('sor'))).toMatchObject({
      args: [{ orderType: 'Market', price: '' }],
    });
    const listed = await server.call('GET', '/v1/api/iserver/account/orders');
    expect(listed.body).toMatchObject({ orders: [{ orderType: 'Market', price: '' }] });

    // The order fills at the next price: the trade, the profit and loss, the summary and ledger.
    server.controls.setPrice(AAPL, 190);
    const filled = await untilEach(socket, streams);
    expect(filled.get(`smd+${AAPL}`)).toMatchObject({ '31': '190.00' });
    expect(filled.get('str')).toMatchObject({ args: [{ side: 'B', size: 5 }] });
    socket.close();
  });
});

describe('the socket and the HTTP operations in hosted mode, the cookie in either form', () => {
  let server: Harness;
  beforeEach(async () => {
    server = await startServer({ mode: 'hosted', streaming: { validateMessages: true } });
  });
  afterEach(() => server.close());

  it('opens with the plain cookie and with the JSON cookie', async () => {
    const { session, headers } = userSession(server, 'demo_individual');
    for (const cookie of [headers, jsonCookie(session.id)]) {
      const socket = await openSocket(server, { headers: cookie });
      expect(await socket.next()).toMatchObject({ topic: 'sts', args: { authenticated: true } });
      socket.close();
    }
  });

  it('refuses the upgrade with a JSON cookie that names no session, or names none', async () => {
    await expect(
      openSocket(server, { headers: jsonCookie('0123456789abcdef0123456789abcdef') }),
    ).rejects.toThrow('401');
    await expect(openSocket(server, { headers: { cookie: 'api={"id": 1}' } })).rejects.toThrow(
      '401',
    );
  });

  it('answers an HTTP operation for the JSON cookie as for the plain one', async () => {
    const { session, headers } = userSession(server, 'demo_individual');
    const plain = await server.call('GET', '/v1/api/iserver/accounts', { headers });
    const json = await server.call('GET', '/v1/api/iserver/accounts', {
      headers: jsonCookie(session.id),
    });
    expect(plain.status).toBe(200);
    expect(json.body).toEqual(plain.body);
  });
});

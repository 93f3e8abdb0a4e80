// The control API's scenarios as the socket shows them: snapshot fields that accumulate (an `smd`
// stream carries every field subscribed for the contract so far), the penalty box (the upgrade
// and the `session` message refused, an open socket left streaming), and reply ids that expire
// (`sor` shows only the order placed again).
import WebSocket from 'ws';
import type { streaming } from '@brokerage/types';
import { startServer, type Harness } from '../harness.js';
import { openSocket, topicOf } from '../stream-socket.js';
import { AAPL } from '../trading-helpers.js';
import { userSession } from '../user-session.js';

const username = 'demo_individual';
/** The field codes a message carries (in the order of their codes, as JSON objects keep them). */
const fieldCodes = (message: streaming.ServerMessage) =>
  Object.keys(message).filter((key) => /^\d+$/.test(key) && key !== '6119' && key !== '6509');

describe('scenarios on the socket', () => {
  let server: Harness;
  beforeEach(async () => {
    server = await startServer({ mode: 'hosted', streaming: { validateMessages: true } });
  });
  afterEach(() => server.close());

  /** The fields of the first `smd` message after subscribing to `fields`. */
  async function subscribedFields(
    fields: string[],
    socket: Awaited<ReturnType<typeof openSocket>>,
  ) {
    socket.send(`smd+${AAPL}+${JSON.stringify({ fields })}`);
    return fieldCodes(await socket.next((message) => topicOf(message) === `smd+${AAPL}`));
  }

  it('snapshot fields that accumulate: smd carries every field subscribed so far, until umd', async () => {
    const { headers } = userSession(server, username);
    const socket = await openSocket(server, { headers });
    expect(await subscribedFields(['31'], socket)).toEqual(['31']);
    // Off: a new subscription of the contract carries its own fields.
    expect(await subscribedFields(['84'], socket)).toEqual(['84']);

    server.controls.accumulateSnapshotFields(username);
    expect(await subscribedFields(['86'], socket)).toEqual(['84', '86']);
    expect(await subscribedFields(['31'], socket)).toEqual(['31', '84', '86']);
    socket.send(`umd+${AAPL}+{}`);
    expect(await subscribedFields(['7295'], socket)).toEqual(['7295']);
    socket.close();
  });

  it("snapshot fields that accumulate: the session's snapshots and its stream are one feed", async () => {
    const { headers } = userSession(server, username);
    server.controls.accumulateSnapshotFields(username);
    const snapshot = () =>
      server.call('GET', `/v1/api/iserver/marketdata/snapshot?conids=${AAPL}&fields=84`, {
        headers,
      });
    await server.call('GET', '/v1/api/iserver/accounts', { headers });
    await snapshot();
    await snapshot();
    const socket = await openSocket(server, { headers });
    expect(await subscribedFields(['31'], socket)).toEqual(['31', '84']);
    socket.close();
  });

  it('the penalty box: the upgrade answers 429 with Retry-After, a session message closes with 1013, an open socket streams on', async () => {
    const { session, headers } = userSession(server, username);
    const open = await openSocket(server, { headers });
    await subscribedFields(['31'], open);
    server.controls.putInPenaltyBox(username, 90_500);

    const url = `${server.baseUrl.replace(/^http/, 'ws')}/v1/api/ws`;
    const refused = await new Promise<{ status?: number; retryAfter?: string }>((resolve) => {
      const ws = new WebSocket(url, { headers });
      ws.on('unexpected-response', (_request, answer) =>
        resolve({ status: answer.statusCode, retryAfter: answer.headers['retry-after'] }),
      );
      ws.on('open', () => resolve({}));
      ws.on('error', () => undefined);
    });
    expect(refused).toEqual({ status: 429, retryAfter: '91' });

    const named = await openSocket(server);
    named.send(JSON.stringify({ session: session.id }));
    expect((await named.closed).code).toBe(1013);

    server.controls.setPrice(AAPL, 190.25);
    expect(await open.next((message) => topicOf(message) === `smd+${AAPL}`)).toMatchObject({
      '31': '190.25',
    });

    server.clock.advance(90_500);
    server.brokerage.sessions.touch(server.brokerage.sessions.current(session));
    const again = await openSocket(server, { headers });
    expect(await subscribedFields(['31'], again)).toEqual(['31']);
    again.close();
    open.close();
  });

  it('reply ids that expire: sor shows nothing of the dropped order, then the order placed again', async () => {
    const { headers } = userSession(server, username);
    const socket = await openSocket(server, { headers });
    socket.send('sor+{}');
    expect(await socket.next((message) => topicOf(message) === 'sor')).toEqual({
      topic: 'sor',
      args: [],
    });
    await server.call('GET', '/v1/api/iserver/accounts', { headers });
    server.controls.expireReplyIds(username, 30_000);
    const order = {
      conid: AAPL,
      orderType: 'LMT',
      side: 'BUY',
      price: 180,
      quantity: 1,
      tif: 'DAY',
      cOID: 'kept-ref',
    };
    const place = () =>
      server.call('POST', '/v1/api/iserver/account/U1234567/orders', {
        headers,
        body: { orders: [order] },
      });
    const reply = (id: string) =>
      server.call('POST', `/v1/api/iserver/reply/${id}`, { headers, body: { confirmed: true } });

    const [held] = (await place()).body as { id: string }[];
    server.clock.advance(30_000);
    const expired = await reply(held?.id ?? '');
    expect(expired.status).toBe(503);
    expect(expired.body).toEqual({ error: 'Reply ID not found', statusCode: 503 });

    const [again] = (await place()).body as { id: string }[];
    server.clock.advance(29_999);
    const confirmed = await reply(again?.id ?? '');
    expect(confirmed.status).toBe(200);
    const [placed] = confirmed.body as { order_id: string }[];
    const update = await socket.next((message) => topicOf(message) === 'sor');
    expect(update).toMatchObject({
      topic: 'sor',
      args: [{ orderId: Number(placed?.order_id), order_ref: 'kept-ref' }],
    });
    // Nothing on the socket ever named another order.
    const named = socket.received.flatMap((message) =>
      topicOf(message) === 'sor' && 'args' in message
        ? (message.args as { orderId: number }[]).map((row) => row.orderId)
        : [],
    );
    expect(new Set(named)).toEqual(new Set([Number(placed?.order_id)]));
    socket.close();
  });
});

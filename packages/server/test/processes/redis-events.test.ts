// Several servers on one Redis: each hears the other processes' commits as they land (a reader
// on the change log), so its sockets stream every process's changes and its price book holds
// every process's orders.
import type { streaming } from '@brokerage/types';
import { startServer, type Harness } from '../harness.js';
import { useScratchRedis } from './scratch-redis-servers.js';
import { openSocket, topicOf, type TestSocket } from '../stream-socket.js';
import { AAPL, limitBuy, tradingCalls } from '../trading-helpers.js';

const scratch = useScratchRedis();
const { started } = scratch;
const sockets: TestSocket[] = [];

async function serverOn(prefix: string): Promise<Harness> {
  const server = await startServer({
    store: scratch.redis.urlWithPrefix(prefix),
    streaming: { validateMessages: true },
  });
  started.push(server);
  await server.call('GET', '/v1/api/iserver/accounts');
  return server;
}

async function socketOn(server: Harness): Promise<TestSocket> {
  const socket = await openSocket(server);
  sockets.push(socket);
  return socket;
}

const withTopic =
  (topic: string) =>
  (message: streaming.ServerMessage): boolean =>
    topicOf(message) === topic;

const setPrice = (server: Harness, price: number) =>
  server.call('PUT', `/control/prices/${AAPL}`, { body: { price } });

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

describe("a server's sockets on one Redis", () => {
  it("stream an order placed on another server (sor), as that server's commit lands", async () => {
    const [first, second] = [await serverOn('orders'), await serverOn('orders')] as const;
    const socket = await socketOn(second);
    socket.send('sor+{}');
    await socket.next(withTopic('sor'));

    const placed = await tradingCalls(first).place(limitBuy(5, 189, { cOID: 'heard-1' }));
    expect(placed.status).toBe(200);
    const orderId = (placed.body as { order_id: string }[])[0]?.order_id;
    const heard = (await socket.next(withTopic('sor'))) as streaming.ServerMessages['orderUpdates'];
    expect(heard.args).toMatchObject([
      { orderId: Number(orderId), acct: 'U1234567', conid: AAPL, order_ref: 'heard-1' },
    ]);
  });

  it('stream each status of an order another server placed and filled in one unit: Submitted, then Filled', async () => {
    const [first, second] = [await serverOn('one-unit'), await serverOn('one-unit')] as const;
    const sockets = [await socketOn(first), await socketOn(second)];
    for (const socket of sockets) {
      socket.send('sor+{}');
      await socket.next(withTopic('sor'));
    }

    // A marketable limit order fills in the unit that places it: the sockets hear both changes
    // once it committed, each as it left the order.
    const placed = await tradingCalls(first).place(limitBuy(5, 190, { cOID: 'one-unit-1' }));
    const orderId = Number((placed.body as { order_id: string }[])[0]?.order_id);
    const ofOrder = (message: streaming.ServerMessage) =>
      withTopic('sor')(message) &&
      (message as streaming.ServerMessages['orderUpdates']).args.some((o) => o.orderId === orderId);
    for (const socket of sockets) {
      const submitted = (await socket.next(ofOrder)) as streaming.ServerMessages['orderUpdates'];
      expect(submitted.args[0]).toMatchObject({ status: 'Submitted', filledQuantity: 0 });
      const filled = (await socket.next(ofOrder)) as streaming.ServerMessages['orderUpdates'];
      expect(filled.args[0]).toMatchObject({ status: 'Filled', filledQuantity: 5 });
    }
  });

  it("stream another server's price step (smd)", async () => {
    const [first, second] = [await serverOn('prices'), await serverOn('prices')] as const;
    const socket = await socketOn(second);
    socket.send(`smd+${AAPL}+{"fields":["31"]}`);
    await socket.next(withTopic(`smd+${AAPL}`));

    expect((await setPrice(first, 201.5)).status).toBe(200);
    const update = (await socket.next(
      withTopic(`smd+${AAPL}`),
    )) as streaming.ServerMessages['marketData'];
    expect(update['31']).toBe('201.50');
  });
});

describe("a server's price book on one Redis", () => {
  it('fills an order placed on another server when its price step crosses the limit', async () => {
    const [first, second] = [await serverOn('fills'), await serverOn('fills')] as const;
    const placed = await tradingCalls(first).place(limitBuy(5, 189, { cOID: 'crossed-1' }));
    const orderId = (placed.body as { order_id: string }[])[0]?.order_id ?? '';

    expect((await setPrice(second, 188.5)).status).toBe(200);
    for (const server of [second, first]) {
      const status = await tradingCalls(server).status(orderId);
      expect(status.body).toMatchObject({ order_status: 'Filled', cum_fill: '5.0' });
    }
  });
});

// Several servers on one Redis serve one brokerage, and Redis keeps it across restarts. Each
// server here has its own replica, connection and gateway session, as a process of its own would.
import { startServer, type Harness } from '../harness.js';
import { useScratchRedis } from './scratch-redis-servers.js';
import { limitBuy, tradingCalls } from '../trading-helpers.js';

const scratch = useScratchRedis();
const { started } = scratch;

async function serverOn(prefix: string): Promise<Harness> {
  const server = await startServer({ store: scratch.redis.urlWithPrefix(prefix) });
  started.push(server);
  await server.call('GET', '/v1/api/iserver/accounts');
  return server;
}

const watchlist = { id: '77', name: 'Shared', rows: [{ C: 265598 }] };

describe('servers on one Redis', () => {
  it('give the same answers whichever server a request reaches', async () => {
    const [first, second] = [await serverOn('two'), await serverOn('two')] as const;
    expect(
      (await first.call('POST', '/v1/api/iserver/watchlist', { body: watchlist })).status,
    ).toBe(200);
    const placed = await tradingCalls(first).place(limitBuy(5, 189, { cOID: 'shared-1' }));
    expect(placed.status).toBe(200);

    const read = await second.call('GET', '/v1/api/iserver/watchlist?id=77');
    expect(read.body).toMatchObject({ id: '77', name: 'Shared' });
    const orders = await tradingCalls(second).openOrders();
    expect(orders.status).toBe(200);
    expect(orders.body.orders.map((order: { order_ref?: string }) => order.order_ref)).toEqual([
      'shared-1',
    ]);
    // The cOID is the account's, whichever server is asked.
    const again = await tradingCalls(second).place(limitBuy(5, 189, { cOID: 'shared-1' }));
    expect(again.body).toEqual({
      error: "Order couldn't be submitted: Local order ID=shared-1 is already registered.",
    });
  });

  it('keep the state across a restart of the servers and of Redis (append-only file)', async () => {
    const before = await serverOn('restart');
    await before.call('POST', '/v1/api/iserver/watchlist', { body: watchlist });
    await tradingCalls(before).place(limitBuy(5, 189, { cOID: 'kept-1' }));
    await before.close();
    started.splice(0);
    await scratch.redis.restart();

    const after = await serverOn('restart');
    expect((await after.call('GET', '/v1/api/iserver/watchlist?id=77')).body).toMatchObject({
      name: 'Shared',
    });
    const orders = await tradingCalls(after).openOrders();
    expect(orders.body.orders.map((order: { order_ref?: string }) => order.order_ref)).toEqual([
      'kept-1',
    ]);
  });
});

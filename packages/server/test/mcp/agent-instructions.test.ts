// An order instruction's life: drafted through MCP, listed, submitted by the user (the control
// API, as in the app), then a live order that fills and shows in REST, on the socket and in
// get_account_trades; an instruction nobody submits is gone after seven days.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startServer, type Harness } from '../harness.js';
import { openSocket, topicOf } from '../stream-socket.js';
import { connectWithToken, controlTokens } from './agent-client.js';

const AAPL = 265598;
let server: Harness;
let client: Client;
beforeEach(async () => {
  server = await startServer({ streaming: { validateMessages: true } });
  client = await connectWithToken(server, (await controlTokens(server)).access_token);
});
afterEach(async () => {
  await client.close();
  await server.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read by path
const structured = async (name: string, args: Record<string, unknown> = {}): Promise<any> =>
  (await client.callTool({ name, arguments: args })).structuredContent;

describe('order instructions', () => {
  it('are drafted, listed, submitted and filled on every surface', async () => {
    await server.call('GET', '/v1/api/iserver/accounts');
    const socket = await openSocket(server);
    socket.send('sor+{}');
    socket.send('str+{"realtimeUpdatesOnly":true}');
    const { id } = await structured('create_order_instruction', {
      side: 'BUY',
      contract_id_ex: String(AAPL),
      quantity: 2,
      order_type: 'MARKET',
    });
    const listed = await structured('get_order_instructions');
    expect(listed.instructions).toEqual([
      expect.objectContaining({ id, side: 'BUY', quantity: 2 }),
    ]);
    const created = Date.parse(listed.instructions[0].creation_time);
    expect(Date.parse(listed.instructions[0].expiration) - created).toBe(7 * 24 * 3600_000);
    // Not an order yet.
    expect((await server.call('GET', '/v1/api/iserver/account/orders')).body.orders).toEqual([]);

    const submitted = await server.call('POST', `/control/agent/instructions/${id}/submit`);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ instructionId: id, orderStatus: 'Submitted' });
    expect((await structured('get_order_instructions')).instructions).toEqual([]);

    server.controls.setPrice(AAPL, 191);
    const trade = await socket.next((message) => topicOf(message) === 'str');
    expect(trade).toMatchObject({ args: [{ conid: AAPL, side: 'B', size: 2 }] });
    const orders = await server.call('GET', '/v1/api/iserver/account/orders');
    expect(orders.body.orders).toEqual([
      expect.objectContaining({ orderId: submitted.body.orderId, status: 'Filled' }),
    ]);
    const { trades } = await structured('get_account_trades', { period: 'TODAY' });
    expect(trades).toEqual([expect.objectContaining({ conid: AAPL, size: 2 })]);
    socket.close();
  });

  it('expire seven days after their creation', async () => {
    const { id } = await structured('create_order_instruction', {
      side: 'SELL',
      contract_id_ex: String(AAPL),
      quantity: 1,
      order_type: 'LIMIT',
      limit_price: 250,
    });
    server.clock.advance(7 * 24 * 3600_000);
    // The access token lived 599 s: the agent comes back with a new one.
    await client.close();
    client = await connectWithToken(server, (await controlTokens(server)).access_token);
    expect((await structured('get_order_instructions')).instructions).toEqual([]);
    const late = await server.call('POST', `/control/agent/instructions/${id}/submit`);
    expect(late.status).toBe(400);
  });

  it('refuse what cannot become an order', async () => {
    await expect(
      client.callTool({
        name: 'create_order_instruction',
        arguments: { side: 'BUY', contract_id_ex: '999999999', quantity: 1 },
      }),
    ).rejects.toMatchObject({ code: -32400 });
    await expect(
      client.callTool({
        name: 'create_order_instruction',
        arguments: { side: 'BUY', contract_id_ex: String(AAPL), quantity: 1, order_type: 'LIMIT' },
      }),
    ).rejects.toThrow('limit_price is required for a LIMIT order');
  });
});

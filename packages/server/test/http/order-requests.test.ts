import { startServer, type Harness } from '../harness.js';
import { AAPL, limitBuy, tradingCalls } from '../trading-helpers.js';

/** Requests the service accepts, as its reference and public clients send them: never refused. */
describe('order requests the service accepts', () => {
  let server: Harness;
  let calls: ReturnType<typeof tradingCalls>;
  beforeEach(async () => {
    server = await startServer();
    calls = tradingCalls(server);
    calls.accountsQueried();
  });
  afterEach(() => server.close());

  const placedId = async (order: Record<string, unknown>) => {
    const answer = await calls.place(order);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([expect.objectContaining({ order_status: 'Submitted' })]);
    return (answer.body as { order_id: string }[])[0]?.order_id ?? '';
  };

  it('takes every order field of the reference and of public clients', async () => {
    await placedId(
      limitBuy(10, 189, {
        secType: `${AAPL}:STK`,
        cOID: 'all-fields',
        listingExchange: 'SMART',
        ticker: 'AAPL',
        referrer: 'QuickTrade',
        outsideRTH: false,
        useAdaptive: false,
        allOrNone: false,
        manualIndicator: true,
        extOperator: 'desk-7',
        allocationMethod: 'NetLiquidity',
        taxOptimizerId: '12334',
        jsonPayload: { allocation_profile: { alloc_type: 'SHARE', allocations: [] } },
      }),
    );
  });

  it('routes an order to the exchange named by `exchange`', async () => {
    const orderId = await placedId(limitBuy(10, 189, { exchange: 'ISLAND' }));
    expect((await calls.status(orderId)).body.conidex).toBe(`${AAPL}@ISLAND`);
  });

  it('takes a modification that pauses the order or names tax lots', async () => {
    const orderId = await placedId(limitBuy(10, 189));
    const answer = await calls.modify(
      orderId,
      limitBuy(10, 188, {
        deactivated: false,
        taxOptimizerId: '12334',
        jsonPayload: { allocation_profile: { alloc_type: 'CASH', allocations: [] } },
      }),
    );
    expect(answer.body).toEqual([expect.objectContaining({ order_id: orderId })]);
  });

  it('takes a reply that repeats the message ids beside `confirmed`', async () => {
    const warned = await calls.place({ ...limitBuy(10, 189), orderType: 'MKT', price: undefined });
    const [warning] = warned.body as { id: string; messageIds: string[] }[];
    const answer = await server.call('POST', `/v1/api/iserver/reply/${warning?.id ?? ''}`, {
      body: { confirmed: true, messageIds: warning?.messageIds },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([expect.objectContaining({ order_status: 'Submitted' })]);
  });

  it('takes a cancellation with the regulatory query parameters', async () => {
    const orderId = await placedId(limitBuy(10, 189));
    const answer = await server.call(
      'DELETE',
      `/v1/api/iserver/account/U1234567/order/${orderId}?manualIndicator=true&extOperator=desk-7&manualCancelTime=1767625200000`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ msg: 'Request was submitted', order_id: Number(orderId) });
  });

  it('suppresses the prompt ids (`p6`, `p12`) beside the order warnings', async () => {
    expect((await calls.suppress('o163', 'p6', 'p12')).status).toBe(200);
  });

  it('lists the trades of the account named by `accountId`, and refuses one out of reach', async () => {
    expect((await calls.trades('?accountId=U1234567')).status).toBe(200);
    expect((await calls.trades('?accountId=U7777777')).status).toBe(400);
  });

  it('still answers an order type the service does not know as invalid content (500)', async () => {
    const answer = await calls.place({ ...limitBuy(10, 189), orderType: 'PEGMID' });
    expect(answer.status).toBe(500);
  });
});

import {
  createBrokerageClient,
  OrderRejectedError,
  ReplyInvalidatedError,
  TooManyRoundsError,
  WarningDeclinedError,
  type BrokerageClient,
  type OrderRequest,
  type OrderWarningEntry,
} from '../src/index.js';
import { setup, type Setup } from './support/server.js';

const account = 'U1234567';
const AAPL = 265598; // last 189.50 in the fixtures
const marketBuy = (quantity: number): OrderRequest => ({
  conid: AAPL,
  orderType: 'MKT',
  side: 'BUY',
  tif: 'DAY',
  quantity,
});

describe('placeOrder: the warning reply loop against the reference server', () => {
  let env: Setup;
  let client: BrokerageClient;
  beforeEach(async () => {
    env = await setup();
    client = env.client({ pacing: false });
    await env.drive(client.ok(client.GET('/v1/api/iserver/accounts')));
  });
  afterEach(() => env.close());

  it('confirms a warning whose message id the policy lists and returns the success entries', async () => {
    const entries = await env.drive(
      client.placeOrder(account, marketBuy(1), { answer: ['o10151'] }),
    );
    expect(entries).toEqual([
      expect.objectContaining({ order_id: expect.stringMatching(/^\d+$/) }),
    ]);
    expect(env.sent.map((entry) => entry.endpoint)).toContainEqual(
      expect.stringMatching(/^POST \/v1\/api\/iserver\/reply\//),
    );
  });

  it('places an order without warnings in one request', async () => {
    const order: OrderRequest = {
      conid: AAPL,
      orderType: 'LMT',
      price: 189.5,
      side: 'BUY',
      tif: 'DAY',
      quantity: 1,
    };
    const entries = await env.drive(client.placeOrder(account, order));
    expect(entries).toHaveLength(1);
    expect(env.sent.filter((entry) => entry.endpoint.includes('/reply/'))).toHaveLength(0);
  });

  it('asks a callback policy with the warning entry', async () => {
    const seen: OrderWarningEntry[] = [];
    await env.drive(
      client.placeOrder(account, marketBuy(1), {
        answer: (warning) => {
          seen.push(warning);
          return true;
        },
      }),
    );
    expect(seen).toEqual([
      expect.objectContaining({ messageIds: ['o10151'], id: expect.any(String) }),
    ]);
  });

  it('never confirms an unlisted warning: declines it and throws WarningDeclinedError', async () => {
    const failure = await env
      .drive(client.placeOrder(account, marketBuy(1), { answer: ['o163'] }))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WarningDeclinedError);
    expect(failure).toMatchObject({ messageIds: ['o10151'] });
    const replies = env.sent.filter((entry) => entry.endpoint.includes('/reply/'));
    expect(replies).toHaveLength(1); // the decline ({confirmed: false}), no confirmation
    const open = await env.drive(client.ok(client.GET('/v1/api/iserver/account/orders')));
    expect(open.orders).toHaveLength(0);
  });

  it('stops after the bounded number of rounds with TooManyRoundsError', async () => {
    // MKT (o10151), then value above 20 % of net liquidation (o451).
    const failure = await env
      .drive(
        client.placeOrder(account, marketBuy(300), { answer: ['o10151', 'o451'], maxRounds: 1 }),
      )
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TooManyRoundsError);
    expect(failure).toMatchObject({ rounds: 1, lastWarning: { messageIds: ['o451'] } });
  });

  it('throws OrderRejectedError with the reject object', async () => {
    const order: OrderRequest = {
      conid: AAPL,
      orderType: 'LMT',
      price: 50,
      side: 'BUY',
      tif: 'DAY',
      quantity: 1,
    };
    const failure = await env
      .drive(client.placeOrder(account, order))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OrderRejectedError);
    expect(failure).toMatchObject({
      operation: 'placeOrders',
      reject: { error: expect.any(String) },
    });
  });

  it('throws ReplyInvalidatedError when another order invalidates the reply id (503)', async () => {
    const failure = await env
      .drive(
        client.placeOrder(account, marketBuy(1), {
          answer: async () => {
            // Another order on the account before the warning is answered.
            await client.POST('/v1/api/iserver/account/{accountId}/orders', {
              params: { path: { accountId: account } },
              body: {
                orders: [
                  {
                    conid: AAPL,
                    orderType: 'LMT',
                    price: 189.5,
                    side: 'BUY',
                    tif: 'DAY',
                    quantity: 1,
                  },
                ],
              },
            });
            return true;
          },
        }),
      )
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ReplyInvalidatedError);
    expect(failure).toMatchObject({
      status: 503,
      operation: 'confirmOrderReply',
      replyId: expect.any(String),
    });
  });

  it('places the order again when the reply id expired (503 Reply ID not found), and goes on', async () => {
    let expire = true;
    const placed = await env.drive(
      client.placeOrder(account, marketBuy(1), {
        answer: async () => {
          // The id expires before this answer, once: reply ids die at once while this answer is
          // given, and live again for the order placed again.
          env.server.controls.expireReplyIds('demo_individual', expire ? 0 : 86_400_000);
          expire = false;
          return true;
        },
      }),
    );
    expect(placed).toMatchObject([{ order_id: expect.any(String) }]);
  });

  it('reads the reject "reply id not found" of the vendor\'s reference as an expired id too', async () => {
    const warning = (id: string) => [{ id, message: ['market order'], messageIds: ['o10151'] }];
    const answers = [
      warning('r1'),
      { error: "reply id not found: 'r1'" },
      warning('r2'),
      [{ order_id: '7', order_status: 'Submitted' }],
    ];
    const sent: string[] = [];
    const fake = createBrokerageClient({
      baseUrl: 'http://service.test',
      pacing: false,
      fetch: async (request) => {
        sent.push(new URL(request.url).pathname);
        return Response.json(answers.shift());
      },
    });
    const placed = await fake.placeOrder(account, marketBuy(1), { answer: ['o10151'] });
    expect(placed).toEqual([{ order_id: '7', order_status: 'Submitted' }]);
    expect(sent).toEqual([
      `/v1/api/iserver/account/${account}/orders`,
      '/v1/api/iserver/reply/r1',
      `/v1/api/iserver/account/${account}/orders`,
      '/v1/api/iserver/reply/r2',
    ]);
  });

  it('suppresses a message id, then resets the suppression', async () => {
    await env.drive(client.suppressMessages(['o10151']));
    expect(await env.drive(client.placeOrder(account, marketBuy(1)))).toHaveLength(1);
    await env.drive(client.resetSuppressedMessages());
    await expect(env.drive(client.placeOrder(account, marketBuy(1)))).rejects.toBeInstanceOf(
      WarningDeclinedError,
    );
  });
});

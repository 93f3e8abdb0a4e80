import { startServer, type Harness } from '../harness.js';
import { limitBuy, tradingCalls } from '../trading-helpers.js';
import { userSession } from '../user-session.js';

describe('server prompts', () => {
  let server: Harness;
  let orderId = 0;
  beforeEach(async () => {
    server = await startServer();
    const calls = tradingCalls(server);
    await calls.suppress('o163');
    const placed = await calls.place(limitBuy(1, 150));
    orderId = Number(placed.body[0].order_id);
  });
  afterEach(() => server.close());

  const raise = (body: unknown) => server.call('POST', '/control/prompts', { body });
  const answer = (body: unknown, headers?: Record<string, string>) =>
    server.call('POST', '/v1/api/iserver/notification', { body, ...(headers ? { headers } : {}) });

  it("raises a prompt about an order, with the fields of the service's message", async () => {
    const raised = await raise({ orderId, text: 'Submit anyway?', options: ['Submit', 'Cancel'] });
    expect(raised.status).toBe(200);
    expect(raised.body).toEqual({
      orderId,
      reqId: expect.stringMatching(/^\d+$/),
      text: 'Submit anyway?',
      options: ['Submit', 'Cancel'],
      prompt: true,
    });
  });

  it('takes one answer with one of the options, then the prompt is closed', async () => {
    const { reqId } = (await raise({ orderId })).body;
    const taken = await answer({ orderId, reqId, text: 'Yes' });
    expect(taken.status).toBe(200);
    expect(taken.body).toBe('Request was submitted');
    const again = await answer({ orderId, reqId, text: 'Yes' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: `No open prompt with reqId ${reqId}`, statusCode: 400 });
  });

  it('refuses another option, another order or another user with 400 and keeps the prompt open', async () => {
    const { reqId } = (await raise({ orderId })).body;
    const cases = [
      [{ orderId, reqId, text: 'Maybe' }, undefined, `Maybe is not an option of prompt ${reqId}`],
      [
        { orderId: orderId + 1, reqId, text: 'No' },
        undefined,
        `Prompt ${reqId} is not about order ${orderId + 1}`,
      ],
      [
        { orderId, reqId, text: 'No' },
        userSession(server, 'demo_advisor').headers,
        `No open prompt with reqId ${reqId}`,
      ],
    ] as const;
    for (const [body, headers, error] of cases) {
      const refused = await answer(body, headers);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error, statusCode: 400 });
    }
    expect((await answer({ orderId, reqId, text: 'No' })).status).toBe(200);
  });

  it('raises no prompt about an unknown order', async () => {
    const refused = await raise({ orderId: 999 });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: "OrderID 999 doesn't exist", statusCode: 400 });
  });
});

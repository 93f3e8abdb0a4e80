// Orders and trades: placing, warnings and replies, suppression, open orders, status,
// modification, cancellation, executions.
import { randomUUID } from 'node:crypto';
import type { Body } from '@brokerage/types';
import { orderPreviewNumbers } from '@brokerage/client';
import { controls, describeInProcess } from '../../src/target.js';
import { useTarget } from '../support/target.js';

type Order = Body<'placeOrders'>['orders'][number];

const limitBuy = (price: number, cOID?: string): Order => ({
  conid: 265598,
  orderType: 'LMT',
  price,
  side: 'BUY',
  tif: 'DAY',
  quantity: 1,
  ...(cOID ? { cOID } : {}),
});
/** The first entry of a place, reply or modify answer (an array of entries, or one reject). */
const first = (data: unknown): Record<string, unknown> | undefined =>
  (Array.isArray(data) ? data[0] : data) as Record<string, unknown> | undefined;

const marketBuy: Order = { conid: 265598, orderType: 'MKT', side: 'BUY', tif: 'DAY', quantity: 1 };

describe('orders', () => {
  const suite = useTarget();
  let accountId = '';

  beforeAll(async () => {
    const { data } = await suite.client.GET('/v1/api/iserver/accounts');
    accountId = data?.accounts?.[0] ?? '';
    // A shared (external) server may carry suppressions from earlier runs.
    await suite.client.POST('/v1/api/iserver/questions/suppress/reset');
  });

  const place = (...orders: Order[]) =>
    suite.client.POST('/v1/api/iserver/account/{accountId}/orders', {
      params: { path: { accountId } },
      body: { orders },
    });

  /** The order id of a successful placement, confirming whatever warnings the account's state
   * raises (an open order on the other side, say). */
  async function placed(order: Order): Promise<string> {
    const entry = await confirmed(first((await place(order)).data));
    expect(entry).toHaveProperty('order_id');
    return String(entry?.order_id);
  }

  /** Confirms warning after warning until the answer is no longer a warning. */
  async function confirmed(
    answer: Record<string, unknown> | undefined,
  ): Promise<Record<string, unknown> | undefined> {
    let entry = answer;
    for (let round = 0; round < 6 && entry && 'messageIds' in entry; round++) {
      const reply = await suite.client.POST('/v1/api/iserver/reply/{replyId}', {
        params: { path: { replyId: String(entry.id) } },
        body: { confirmed: true },
      });
      expect(reply.response.status).toBe(200);
      entry = first(reply.data);
    }
    return entry;
  }

  it('placeOrders places a limit order near the market; getOrderStatus and getOpenOrders show it', async () => {
    const orderId = await placed(limitBuy(185));
    const status = await suite.client.GET('/v1/api/iserver/account/order/status/{orderId}', {
      params: { path: { orderId } },
    });
    expect(status.data?.order_id).toBe(Number(orderId));
    const open = await suite.client.GET('/v1/api/iserver/account/orders');
    expect(open.data?.orders?.map((o) => String(o.orderId))).toContain(orderId);
  });

  it('placeOrders with a limit order and no price answers 500 (invalid content)', async () => {
    const { response } = await place({ ...limitBuy(185), price: undefined });
    expect(response.status).toBe(500);
  });

  it('a market order raises a warning; confirmOrderReply places it; a used reply id answers 503', async () => {
    const { data } = await place(marketBuy);
    const warning = first(data);
    expect(warning).toHaveProperty('messageIds', ['o10151']);
    const replyId = String(warning?.id);
    expect(await confirmed(warning)).toHaveProperty('order_id');
    const again = await suite.client.POST('/v1/api/iserver/reply/{replyId}', {
      params: { path: { replyId } },
      body: { confirmed: true },
    });
    expect(again.response.status).toBe(503);
  });

  it('suppressQuestions skips a warning; resetSuppressedQuestions brings it back', async () => {
    const suppressed = await suite.client.POST('/v1/api/iserver/questions/suppress', {
      body: { messageIds: ['o10151'] },
    });
    expect(suppressed.response.status).toBe(200);
    const quiet = await place(marketBuy);
    expect(first(quiet.data)?.messageIds ?? []).not.toContain('o10151');
    const reset = await suite.client.POST('/v1/api/iserver/questions/suppress/reset');
    expect(reset.response.status).toBe(200);
    const asked = await place(marketBuy);
    expect(first(asked.data)).toHaveProperty('messageIds', ['o10151']);
  });

  it('modifyOrder replaces an open order; cancelOrder cancels it', async () => {
    const orderId = await placed(limitBuy(185));
    const modified = await suite.client.POST(
      '/v1/api/iserver/account/{accountId}/order/{orderId}',
      {
        params: { path: { accountId, orderId } },
        body: { ...limitBuy(186), quantity: 2 },
      },
    );
    expect(modified.response.status).toBe(200);
    await confirmed(first(modified.data));
    const status = await suite.client.GET('/v1/api/iserver/account/order/status/{orderId}', {
      params: { path: { orderId } },
    });
    expect(status.data?.total_size).toBe('2.0');
    const cancelled = await suite.client.DELETE(
      '/v1/api/iserver/account/{accountId}/order/{orderId}',
      {
        params: { path: { accountId, orderId } },
      },
    );
    expect(cancelled.response.status).toBe(200);
    expect(cancelled.data).toHaveProperty('order_id');
  });

  it('cancelOrder of an unknown order answers 200 with a reject', async () => {
    const { data, response } = await suite.client.DELETE(
      '/v1/api/iserver/account/{accountId}/order/{orderId}',
      {
        params: { path: { accountId, orderId: '1' } },
      },
    );
    expect(response.status).toBe(200);
    expect(data).toHaveProperty('error');
  });

  it('getOrderStatus of an unknown order answers 500', async () => {
    const { response } = await suite.client.GET('/v1/api/iserver/account/order/status/{orderId}', {
      params: { path: { orderId: '1' } },
    });
    expect(response.status).toBe(500);
  });

  it('getTrades lists the executions of a filled order', async () => {
    // cOIDs are unique per account, also across runs against one external server.
    const cOID = `contract-${randomUUID().slice(0, 8)}`;
    await placed(limitBuy(190, cOID));
    const { data, response } = await suite.client.GET('/v1/api/iserver/account/trades', {
      params: { query: { days: 1 } },
    });
    expect(response.status).toBe(200);
    expect(data?.map((t) => t.order_ref)).toContain(cOID);
  });

  it('getTrades outside 1..7 days answers 400', async () => {
    const { response } = await suite.client.GET('/v1/api/iserver/account/trades', {
      params: { query: { days: 8 } },
    });
    expect(response.status).toBe(400);
  });

  it('previewOrders answers the cost and the margin change as texts, and places nothing', async () => {
    const before = await suite.client.GET('/v1/api/iserver/account/orders');
    const { data, response } = await suite.client.POST(
      '/v1/api/iserver/account/{accountId}/orders/whatif',
      { params: { path: { accountId } }, body: { orders: [limitBuy(185)] } },
    );
    expect(response.status).toBe(200);
    const preview = orderPreviewNumbers(data ?? {});
    expect(preview.amount).toMatchObject({ value: 185, units: 1, currency: 'USD' });
    expect(preview.position?.change).toBe(1);
    expect(preview.initial?.change).toBeGreaterThanOrEqual(0);
    const after = await suite.client.GET('/v1/api/iserver/account/orders');
    expect(after.data?.orders?.length).toBe(before.data?.orders?.length);
  });

  it('previewOrders with a limit order and no price answers 500 (invalid content)', async () => {
    const { response } = await suite.client.POST(
      '/v1/api/iserver/account/{accountId}/orders/whatif',
      {
        params: { path: { accountId } },
        body: { orders: [{ ...limitBuy(185), price: undefined }] },
      },
    );
    expect(response.status).toBe(500);
  });

  it('answerServerPrompt for a prompt that is not open answers 400', async () => {
    const { response } = await suite.client.POST('/v1/api/iserver/notification', {
      body: { orderId: 1, reqId: 'none', text: 'Yes' },
    });
    expect(response.status).toBe(400);
  });
});

describeInProcess('server prompts raised by the control API', () => {
  const suite = useTarget();

  it('answerServerPrompt takes one of the options of an open prompt', async () => {
    const { data: accounts } = await suite.client.GET('/v1/api/iserver/accounts');
    const accountId = accounts?.accounts?.[0] ?? '';
    await suite.client.POST('/v1/api/iserver/questions/suppress', {
      body: { messageIds: ['o163'] },
    });
    const placedOrder = await suite.client.POST('/v1/api/iserver/account/{accountId}/orders', {
      params: { path: { accountId } },
      body: { orders: [limitBuy(150)] },
    });
    const orderId = Number(first(placedOrder.data)?.order_id);
    const prompt = controls(suite.target).server.controls.raisePrompt({ orderId });
    const { data, response } = await suite.client.POST('/v1/api/iserver/notification', {
      body: { orderId, reqId: prompt.reqId, text: prompt.options[0] ?? '' },
    });
    expect(response.status).toBe(200);
    expect(data).toBe('Request was submitted');
  });
});

// The typed client against the MSW handlers in Node (msw/node), without a port: the same domain
// as the reference server (orders fill when the controls move the price, the ledger moves), its
// error shapes, and validation with the generated validators.
import { createBrokerageClient } from '@brokerage/client';
import { oauth2 } from '@brokerage/client/oauth2';
import { testConsumerKeys } from '@brokerage/server';
import { operationRoutes } from '@brokerage/types';
import { setupServer } from 'msw/node';
import { createBrokerageHandlers } from '../src/index.js';

const baseUrl = 'https://gateway.test';
const account = 'U1234567';
const AAPL = 265598;

const brokerage = createBrokerageHandlers({ baseUrl });
const server = setupServer(...brokerage.handlers);
// No retries (an injected 503 is read as it comes), no client-side pacing.
const client = createBrokerageClient({ baseUrl, retry: false, pacing: false });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => brokerage.controls.reset());
afterAll(() => server.close());

const ledgerCash = async () => {
  const ledger = await client.ok(
    client.GET('/v1/api/portfolio/{accountId}/ledger', {
      params: { path: { accountId: account } },
    }),
  );
  return ledger.BASE?.cashbalance;
};

describe('the MSW handlers in Node', () => {
  it('are one per operation of the document', () => {
    const routes = brokerage.handlers.map(
      (handler) => `${handler.info.method} ${handler.info.path}`,
    );
    expect(new Set(routes).size).toBe(operationRoutes.length);
  });

  it('place an order, fill it when the controls move the price, and move the ledger', async () => {
    await client.GET('/v1/api/iserver/accounts');
    await client.GET('/v1/api/portfolio/accounts');
    const cashBefore = await ledgerCash();
    const [entry] = await client.placeOrder(account, {
      conid: AAPL,
      orderType: 'LMT',
      side: 'BUY',
      price: 185,
      quantity: 10,
      tif: 'DAY',
    });
    const orderId = String(entry?.order_id);
    const status = () =>
      client.ok(
        client.GET('/v1/api/iserver/account/order/status/{orderId}', {
          params: { path: { orderId } },
        }),
      );
    expect((await status()).order_status).not.toBe('Filled');

    brokerage.controls.setPrice(AAPL, 184);

    expect((await status()).order_status).toBe('Filled');
    expect(await ledgerCash()).toBeLessThan(Number(cashBefore));
  });

  it('answer errors in the shape the document gives (an injected fault, then recovery)', async () => {
    brokerage.controls.injectFault('getPortfolioAccounts', { status: 503, times: 1 });
    const failed = await client.GET('/v1/api/portfolio/accounts');
    expect(failed.response.status).toBe(503);
    expect(failed.error).toEqual({ error: 'Injected fault (503)', statusCode: 503 });
    const { data } = await client.GET('/v1/api/portfolio/accounts');
    expect(data?.map((entry) => entry.id)).toContain(account);
  });

  it('validate requests with the generated validators', async () => {
    const response = await fetch(`${baseUrl}/v1/api/iserver/account/${account}/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ orders: [{ conid: 'not a number' }] }),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: expect.stringMatching(/^Bad Request: /) });
  });

  it('read numeric query values as the server does: blank is absent, no number is 400', async () => {
    const blank = await fetch(`${baseUrl}/v1/api/iserver/account/trades?days=`);
    expect(blank.status).toBe(200);
    const spaces = await fetch(`${baseUrl}/v1/api/iserver/account/trades?days=%20`);
    expect(spaces.status).toBe(400);
    expect(await spaces.json()).toEqual({
      error: 'Bad Request: request/query/days must be integer',
      statusCode: 400,
    });
  });

  it('answer the session gate as the server does (hosted mode, no credentials)', async () => {
    const hosted = createBrokerageHandlers({ baseUrl: 'https://hosted.test', mode: 'hosted' });
    server.use(...hosted.handlers);
    const response = await fetch('https://hosted.test/v1/api/portfolio/accounts');
    expect(response.status).toBe(401);
  });

  it('answer a statement as a PDF (bytes checked by the generated validators) or as the JSON envelope', async () => {
    const { clientId, privateJwk } = testConsumerKeys.oauth2;
    const reports = createBrokerageClient({
      baseUrl,
      retry: false,
      pacing: false,
      auth: oauth2({
        baseUrl,
        clientId,
        privateKey: privateJwk as never,
        scope: 'statements.read',
      }),
    });
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    const body = { accountId: account, startDate: today, endDate: today };
    const pdf = await reports.POST('/gw/api/v1/statements', {
      body,
      headers: { accept: 'application/pdf' },
      parseAs: 'arrayBuffer',
    });
    expect(pdf.response.status).toBe(200);
    expect(pdf.response.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(pdf.data as unknown as ArrayBuffer);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    // Without an Accept of PDF: the JSON envelope (the answer's type also allows the PDF's text).
    const envelope = await reports.ok(reports.POST('/gw/api/v1/statements', { body }));
    if (typeof envelope === 'string') throw new Error('expected the JSON envelope');
    expect(envelope.data?.mimeType).toBe('application/pdf');
    expect(envelope.data?.value?.length).toBeGreaterThan(100);
  });
});

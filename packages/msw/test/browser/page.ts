/// <reference lib="dom" />
// The page of the browser test: the MSW handlers in a service worker, and the typed client placing
// an order, moving the price through the controls, and reading the order and the ledger.
import { createBrokerageClient } from '@brokerage/client';
import { setupWorker } from 'msw/browser';
import { createBrokerageHandlers } from '../../src/index.js';

const account = 'U1234567';
const AAPL = 265598;

async function placeAndFill() {
  const origin = globalThis.location.origin;
  const brokerage = createBrokerageHandlers({ baseUrl: origin });
  const worker = setupWorker(...brokerage.handlers);
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  const client = createBrokerageClient({ baseUrl: origin, retry: false, pacing: false });
  const ledger = () =>
    client.ok(
      client.GET('/v1/api/portfolio/{accountId}/ledger', {
        params: { path: { accountId: account } },
      }),
    );
  await client.GET('/v1/api/iserver/accounts');
  await client.GET('/v1/api/portfolio/accounts');
  const cashBefore = (await ledger()).BASE?.cashbalance;
  const [entry] = await client.placeOrder(account, {
    conid: AAPL,
    orderType: 'LMT',
    side: 'BUY',
    price: 185,
    quantity: 10,
    tif: 'DAY',
  });
  brokerage.controls.setPrice(AAPL, 184);
  const status = await client.ok(
    client.GET('/v1/api/iserver/account/order/status/{orderId}', {
      params: { path: { orderId: String(entry?.order_id) } },
    }),
  );
  const cashAfter = (await ledger()).BASE?.cashbalance;
  return { orderStatus: status.order_status, cashBefore, cashAfter };
}

Object.assign(globalThis, {
  brokerageResult: placeAndFill().catch((error: unknown) => ({ error: String(error) })),
});

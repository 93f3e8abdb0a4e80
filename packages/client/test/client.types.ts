// Type-level test, checked by `tsc --noEmit` (the typecheck script): each `@ts-expect-error` line
// must fail to compile, so a wrong path, parameter or body is caught before it is sent.
import type { Ok } from '@brokerage/types';
import { createBrokerageClient, noAuth } from '../src/index.js';

const client = createBrokerageClient({ baseUrl: 'http://localhost:5000', auth: noAuth() });

export async function typeChecks(): Promise<void> {
  // A wrong path.
  // @ts-expect-error '/v1/api/portfolio/{accountId}/ledgers' is not a path of the document
  await client.GET('/v1/api/portfolio/{accountId}/ledgers', {
    params: { path: { accountId: 'U1' } },
  });

  // A wrong method for a path.
  // @ts-expect-error the ledger is read with GET only
  await client.POST('/v1/api/portfolio/{accountId}/ledger', {
    params: { path: { accountId: 'U1' } },
  });

  // A wrong path parameter name.
  // @ts-expect-error the parameter is accountId
  await client.GET('/v1/api/portfolio/{accountId}/ledger', { params: { path: { account: 'U1' } } });

  // A missing required path parameter.
  // @ts-expect-error params.path.accountId is required
  await client.GET('/v1/api/portfolio/{accountId}/ledger', {});

  // A wrong query parameter type (`days` is a number).
  // @ts-expect-error days must be a number
  await client.GET('/v1/api/iserver/account/trades', { params: { query: { days: 'seven' } } });

  // A wrong body: `side` is BUY or SELL.
  await client.POST('/v1/api/iserver/account/{accountId}/orders', {
    params: { path: { accountId: 'U1' } },
    // @ts-expect-error side must be BUY or SELL
    body: { orders: [{ conid: 265598, orderType: 'MKT', side: 'HOLD', tif: 'DAY', quantity: 1 }] },
  });

  // A body with a missing required field.
  await client.POST('/v1/api/iserver/reply/{replyId}', {
    params: { path: { replyId: 'r' } },
    // @ts-expect-error confirmed is required
    body: {},
  });

  // The helpers are typed from the same document.
  // @ts-expect-error the order needs conid, orderType, side and tif
  await client.placeOrder('U1', { quantity: 1 });

  // Response shapes are typed: ok() gives the 200 body.
  const ledger: Ok<'getLedger'> = await client.ok(
    client.GET('/v1/api/portfolio/{accountId}/ledger', { params: { path: { accountId: 'U1' } } }),
  );
  const base: number | undefined = ledger.BASE.cashbalance;
  // @ts-expect-error no such field in a ledger entry
  void ledger.BASE.cashBalanceTypo;
  void base;
}

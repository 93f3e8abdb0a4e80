import type { Account } from '../src/domain/accounts/model.js';
import { valueAccount } from '../src/domain/accounts/valuation.js';
import type { OrderRequest } from '../src/domain/orders/order-request.js';
import type { Harness } from './harness.js';

export const AAPL = 265598;
export const MSFT = 272093;
export const BRK_B = 72063691; // no market data
export const EUR_USD = 12087792;
export const ES_EXPIRED = 495512563;
export const ES_MARCH = 551601561;
export const SAP_IBIS = 14204; // a German listing: whole shares only

type Order = Record<string, unknown>;

/** The value, or a failed test when it is missing. */
export function defined<T>(value: T | undefined, what = 'value'): T {
  if (value === undefined) throw new Error(`${what} is missing`);
  return value;
}

/** Sets the account again with `changes`: records are values (the Redis store freezes them), so a
 * test changes an account as the domain does, by setting a new record. */
export function editAccount(server: Harness, accountId: string, changes: Partial<Account>): void {
  const account = defined(server.brokerage.account(accountId), accountId);
  server.brokerage.store.collection('accounts').set(accountId, { ...account, ...changes });
}

/** Calls of the order operations against one harness. */
export function tradingCalls(server: Harness, accountId = 'U1234567') {
  return {
    place: (...orders: Order[]) =>
      server.call('POST', `/v1/api/iserver/account/${accountId}/orders`, { body: { orders } }),
    reply: (replyId: string, confirmed: unknown = true) =>
      server.call('POST', `/v1/api/iserver/reply/${replyId}`, { body: { confirmed } }),
    suppress: (...messageIds: string[]) =>
      server.call('POST', '/v1/api/iserver/questions/suppress', { body: { messageIds } }),
    modify: (orderId: string | number, order: Order) =>
      server.call('POST', `/v1/api/iserver/account/${accountId}/order/${orderId}`, { body: order }),
    cancel: (orderId: string | number) =>
      server.call('DELETE', `/v1/api/iserver/account/${accountId}/order/${orderId}`),
    status: (orderId: string | number) =>
      server.call('GET', `/v1/api/iserver/account/order/status/${orderId}`),
    openOrders: (query = '') => server.call('GET', `/v1/api/iserver/account/orders${query}`),
    trades: (query = '') => server.call('GET', `/v1/api/iserver/account/trades${query}`),
    setPrice: (conid: number, price: number) => server.brokerage.market.setPrice(conid, price),
    account: () => defined(server.brokerage.account(accountId), accountId),
    values: () =>
      valueAccount(
        defined(server.brokerage.account(accountId), accountId),
        server.brokerage.market,
      ),
    /** What `GET /iserver/accounts` records on the session (built by the accounts area). */
    accountsQueried: () => {
      server.brokerage.sessions.update(server.openGatewaySession(), { accountsQueried: true });
    },
  };
}

export const limitBuy = (
  quantity: number,
  price: number,
  extra: Partial<OrderRequest> = {},
): OrderRequest => ({
  conid: AAPL,
  orderType: 'LMT',
  side: 'BUY',
  tif: 'DAY',
  quantity,
  price,
  ...extra,
});

/** A bracket on AAPL: a limit buy of 10 at 189 (cOID `parentRef`), a take-profit sell at 195 and
 * a stop-loss sell at 184, all GTC unless `parentExtra` says otherwise. */
export const aaplBracket = (parentRef: string, parentExtra: Order = {}): Order[] => [
  limitBuy(10, 189, { cOID: parentRef, ...parentExtra }),
  {
    conid: AAPL,
    parentId: parentRef,
    orderType: 'LMT',
    price: 195,
    side: 'SELL',
    tif: 'GTC',
    quantity: 10,
  },
  {
    conid: AAPL,
    parentId: parentRef,
    orderType: 'STP',
    price: 184,
    side: 'SELL',
    tif: 'GTC',
    quantity: 10,
  },
];

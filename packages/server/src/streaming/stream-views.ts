// The server's messages on the socket, built from the HTTP answers' views (one computation per
// value): the stream only renames, narrows and picks what changed.
import type { Schema, streaming } from '@brokerage/types';
import { ledger } from '../domain/accounts/account-reports.js';
import type { AccountValues } from '../domain/accounts/valuation.js';
import type { Session } from '../domain/accounts/sessions.js';
import { serverInfo } from '../domain/accounts/session-views.js';
import type { SnapshotEntry } from '../domain/market-data/market-data.js';
import { snapshotEntryView } from '../domain/market-data/market-data-views.js';
import { formatPrice } from '../domain/orders/order-texts.js';
import type { TradeView } from '../domain/orders/trades.js';
import type { NotificationText } from '../domain/notifications/notification-texts.js';

type Messages = streaming.ServerMessages;
type Fields = Record<string, unknown>;

/** The fields of `next` whose value differs from `previous` (every field when there is none). */
export function changedFields<T extends Fields>(previous: Fields | undefined, next: T): Partial<T> {
  if (!previous) return next;
  return Object.fromEntries(
    Object.entries(next).filter(([key, value]) => !sameValue(previous[key], value)),
  ) as Partial<T>;
}

const sameValue = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'object' && JSON.stringify(a) === JSON.stringify(b));

export const greeting = (session: Session): Messages['systemGreeting'] => ({
  topic: 'system',
  success: session.username,
});

export const heartbeat = (now: number): Messages['systemHeartbeat'] => ({
  topic: 'system',
  hb: now,
});

/** The answer to `tic`: the session's id and its last HTTP request. */
export const ticReply = (session: Session): Messages['ticReply'] => ({
  topic: 'tic',
  alive: true,
  id: session.id,
  lastAccessed: session.lastSeenAt,
});

/** The confirmation of `usd` and `uld`. */
export const unsubscribed = (what: 'summary' | 'ledger'): Messages['unsubscribed'] => ({
  result: `unsubscribed from ${what}`,
});

export const status = (session: Session, authenticated: boolean): Messages['status'] => ({
  topic: 'sts',
  args: {
    authenticated,
    competing: session.competing === true,
    message: '',
    fail: '',
    serverName: serverInfo.serverName,
    serverVersion: serverInfo.serverVersion,
    username: session.username,
  },
});

export const accounts = (list: Schema<'AccountsResponse'>): Messages['accounts'] => ({
  topic: 'act',
  args: list,
});

/** The snapshot entry's fields on the stream: the HTTP snapshot's view of the same entry. */
export function marketDataFields(
  entry: SnapshotEntry,
  fields: string[] | undefined,
  now: number,
): Fields {
  const view: Fields = { ...snapshotEntryView(entry, fields, now) };
  delete view._updated;
  return view;
}

/** `smd+<conid>`: the identifiers, the time, and the fields that changed. */
export const marketData = (
  topic: `smd+${string}`,
  conid: number,
  changed: Fields,
  now: number,
): Messages['marketData'] => ({ ...changed, topic, conid, _updated: now });

/** An order on `sor`: the open-orders view, with `price` as a number (a market order's empty
 * string stays one, as the service sends it). */
export function orderUpdate(order: Schema<'LiveOrder'>): Fields {
  const { price, ...rest } = order;
  if (price === undefined) return rest;
  return { ...rest, price: price === '' ? price : Number(price) };
}

export const orderUpdates = (args: Fields[]): Messages['orderUpdates'] => ({
  topic: 'sor',
  args: args as Messages['orderUpdates']['args'],
});

/** An execution on `str` as recorded frames carry it: the HTTP trade with `conidex` for
 * `conidEx` and without the event-trading flag; `position` (the account's position in the
 * contract after it, a decimal string) on a live execution only, as the service's replay is not
 * known to carry it. */
export function tradeUpdate(
  trade: TradeView,
  position?: number,
): Messages['trades']['args'][number] {
  const notSent = new Set(['conidEx', 'is_event_trading']);
  const kept = Object.entries(trade).filter(([key]) => !notSent.has(key));
  return {
    ...(Object.fromEntries(kept) as Omit<TradeView, 'conidEx' | 'is_event_trading'>),
    conidex: trade.conidEx,
    ...(position === undefined ? {} : { position: String(position) }),
  };
}

export const trades = (args: Messages['trades']['args']): Messages['trades'] => ({
  topic: 'str',
  args,
});

export const pnl = (args: Record<string, Fields>): Messages['pnl'] => ({
  topic: 'spl',
  args: args as Messages['pnl']['args'],
});

/** The account summary's values on `ssd`, keyed as the stream spells them; their time in epoch
 * seconds, as the HTTP summary's. */
export function accountSummaryValues(values: AccountValues, now: number): Record<string, Fields> {
  const timestamp = Math.floor(now / 1000);
  const money = (key: string, amount: number): [string, Fields] => [
    key,
    { key, currency: values.baseCurrency, monetaryValue: amount, severity: 0, timestamp },
  ];
  const { securities, commodities } = values.segments;
  return Object.fromEntries([
    money('NetLiquidation', values.total.netLiquidation),
    money('NetLiquidation-S', securities.netLiquidation),
    money('NetLiquidation-C', commodities.netLiquidation),
    money('TotalCashValue', values.total.cash),
    money('GrossPositionValue', values.grossPositionValue),
    money('EquityWithLoanValue', values.equityWithLoan),
    money('InitMarginReq', values.initialMargin),
    money('MaintMarginReq', values.maintenanceMargin),
    money('AvailableFunds', values.availableFunds),
    money('ExcessLiquidity', values.excessLiquidity),
    money('BuyingPower', values.buyingPower),
  ]);
}

export const accountSummary = (accountId: string, args: Fields[]): Messages['accountSummary'] => ({
  topic: `ssd+${accountId}`,
  result: args as Messages['accountSummary']['result'],
});

/** The fields of a ledger row on `sld`, as recorded live frames spell them, from the HTTP
 * ledger's lower-case names; the stream sends no other field (docs/decisions/service/stream-ledger-trade-and-period-spellings.md). */
const ledgerStreamNames: Record<string, string> = {
  acctcode: 'acctCode',
  cashbalance: 'cashbalance',
  cashbalancefxsegment: 'cashBalanceFXSegment',
  dividends: 'dividends',
  exchangerate: 'exchangeRate',
  interest: 'interest',
  netliquidationvalue: 'netLiquidationValue',
  realizedpnl: 'realizedPnl',
  unrealizedpnl: 'unrealizedPnl',
  secondkey: 'secondKey',
  settledcash: 'settledCash',
  severity: 'severity',
  stockmarketvalue: 'stockMarketValue',
  timestamp: 'timestamp',
};

/** The ledger operation's entries on `sld`, keyed `LedgerList<currency>`, in the stream's names. */
export function ledgerEntries(
  accountId: string,
  values: AccountValues,
  now: number,
): Record<string, Fields> {
  return Object.fromEntries(
    Object.entries(ledger(accountId, values, Math.floor(now / 1000))).map(([currency, entry]) => {
      const key = `LedgerList${currency}`;
      const row = Object.entries(entry).flatMap(([name, value]) => {
        const streamName = ledgerStreamNames[name];
        return streamName === undefined ? [] : [[streamName, value] as const];
      });
      return [key, { ...Object.fromEntries(row), key }];
    }),
  );
}

export const ledgerUpdate = (accountId: string, args: Fields[]): Messages['ledger'] => ({
  topic: `sld+${accountId}`,
  result: args as Messages['ledger']['result'],
});

/** The ladder of `sbd`: the ask, the last price (focus) and the bid of the snapshot's quote,
 * sizes in whole units (the ladder's pattern; the snapshot's quote sizes may be fractional). */
export function priceLadder(topic: `sbd+${string}`, entry: SnapshotEntry): Messages['priceLadder'] {
  if (!entry.subscribed || !entry.state) return { topic, data: [] };
  const { quote, last } = entry.state;
  return {
    topic,
    data: [
      { row: 0, price: formatPrice(quote.ask), ask: String(Math.round(quote.askSize)) },
      { row: 1, focus: 1, price: formatPrice(last.price) },
      { row: 2, price: formatPrice(quote.bid), bid: String(Math.round(quote.bidSize)) },
    ],
  };
}

export const history = (conid: number, bars: Schema<'MarketDataHistory'>): Messages['history'] => ({
  ...bars,
  topic: `smh+${conid}`,
  serverId: bars.serverId ?? '',
});

export const notification = (text: NotificationText): Messages['notification'] => ({
  topic: 'ntf',
  args: { id: text.code, title: text.title, text: text.content.replace(/^<html>|<\/html>$/g, '') },
});

export const bulletin = (id: string, message: string): Messages['bulletin'] => ({
  topic: 'blt',
  args: { id, message },
});

export const error = (topic: string, message: string): Messages['error'] => ({
  topic,
  error: message,
});

export const notice = (message: string): Messages['notice'] => ({ message });

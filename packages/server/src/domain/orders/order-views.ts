import type { Schema } from '@brokerage/types';
import type { Market } from '../market/market.js';
import type { Instrument } from '../market/model.js';
import { compactTimestamp } from '../kernel/time-format.js';
import type { CancelOutcome, OrderOutcome } from './order-book.js';
import type { Order, OrderStatus } from './model.js';
import {
  decimalSize,
  formatPrice,
  formatQuantity,
  orderDescription,
  orderTexts,
  orderTypeCodes,
  orderTypeNames,
} from './order-texts.js';

type PlaceOrdersResponse = Schema<'PlaceOrdersResponse'>;

const statusDescriptions: Record<OrderStatus, string> = {
  PendingSubmit: 'Order Pending Submit',
  PreSubmitted: 'Order Presubmitted',
  Submitted: 'Order Submitted',
  Filled: 'Order Filled',
  PendingCancel: 'Order Pending Cancel',
  Cancelled: 'Order Cancelled',
  ApiCancelled: 'Order Cancelled',
  Inactive: 'Order Inactive',
  WarnState: 'Order Warning',
};

/** The place-order, reply and modify answer for an outcome of the order book. */
export function placeOrdersResponse(outcome: OrderOutcome): PlaceOrdersResponse {
  switch (outcome.kind) {
    case 'rejected':
      return { error: outcome.error };
    case 'warning':
      return [
        {
          id: outcome.replyId,
          message: [outcome.message],
          isSuppressed: false,
          messageIds: [outcome.messageId],
        },
      ];
    case 'transmitted':
      return outcome.orders.map(({ order, status }) => ({
        order_id: String(order.id),
        order_status: status,
        encrypt_message: '1',
        ...(order.cOID === undefined || order.parentRef !== undefined
          ? {}
          : { local_order_id: order.cOID }),
        ...(order.parentOrderId === undefined
          ? {}
          : { parent_order_id: String(order.parentOrderId) }),
      }));
  }
}

const isEvent = (instrument: Instrument) => (instrument.secType === 'EVENT' ? '1' : '0');
const taxOpt = (instrument: Instrument) => (instrument.secType === 'STK' ? '1' : '0');
const conidexOf = (order: Order) =>
  order.routedExchange === undefined
    ? String(order.conid)
    : `${order.conid}@${order.routedExchange}`;
const sizeAndFills = (order: Order) =>
  order.status === 'Filled'
    ? formatQuantity(order.quantity)
    : `${formatQuantity(order.filledQuantity)}/${formatQuantity(order.quantity)}`;
const tickerOf = (instrument: Instrument) =>
  instrument.secType === 'CASH'
    ? (instrument.symbol.split('.')[0] ?? instrument.symbol)
    : instrument.symbol;

/** The limit price (`price`) and stop price of an order, as the lists show them. */
function pricesOf(order: Order): { limit?: number; stop?: number } {
  switch (order.orderType) {
    case 'LMT':
    case 'MIDPRICE':
    case 'REL':
    case 'LOC':
      return order.price === undefined ? {} : { limit: order.price };
    case 'STOP_LIMIT':
    case 'LIT':
      return {
        ...(order.price === undefined ? {} : { limit: order.price }),
        ...(order.stopPrice === undefined ? {} : { stop: order.stopPrice }),
      };
    case 'STP':
    case 'MIT':
    case 'TRAIL':
    case 'TRAILLMT':
      return order.stopPrice === undefined ? {} : { stop: order.stopPrice };
    default:
      return {};
  }
}

/** The list's `price`: the limit (or stop) price as a decimal string; an empty string for a
 * market order, as the service sends it (a recorded open-orders answer); absent otherwise. */
function priceField(order: Order, price: number | undefined): { price?: string } {
  if (price !== undefined) return { price: formatPrice(price) };
  return order.orderType === 'MKT' ? { price: '' } : {};
}

/** The open orders operation's answer: the orders that passed the filters, complete. */
export function liveOrders(
  orders: readonly Order[],
  instrumentOf: (conid: number) => Instrument,
): Schema<'LiveOrders'> {
  return {
    orders: orders.map(
      (order) => liveOrderViews.get(order) ?? liveOrder(order, instrumentOf(order.conid)),
    ),
    snapshot: true,
  };
}

/** Each order record's list view: records are values (a change stores a new one), so a view
 * stays right for as long as its record is the one kept, and is built once, not per list. The
 * view is frozen: its JSON text is made once too (`http/json-body.ts`). */
const liveOrderViews = new WeakMap<Order, Readonly<Schema<'LiveOrder'>>>();

/** One order as the open orders operation lists it. */
export function liveOrder(order: Order, instrument: Instrument): Readonly<Schema<'LiveOrder'>> {
  let view = liveOrderViews.get(order);
  if (view === undefined) {
    view = Object.freeze(buildLiveOrder(order, instrument));
    liveOrderViews.set(order, view);
  }
  return view;
}

function buildLiveOrder(order: Order, instrument: Instrument): Schema<'LiveOrder'> {
  const { limit, stop } = pricesOf(order);
  const price =
    limit ?? (order.orderType === 'STP' || order.orderType === 'MIT' ? stop : undefined);
  const auxPrice =
    order.orderType === 'STOP_LIMIT' || order.orderType === 'LIT'
      ? stop
      : order.orderType === 'TRAILLMT'
        ? order.auxPrice
        : undefined;
  return {
    acct: order.accountId,
    ...(order.allocatedTo === order.accountId ? {} : { account: order.allocatedTo }),
    conid: order.conid,
    conidex: conidexOf(order),
    orderId: order.id,
    cashCcy: instrument.currency,
    sizeAndFills: sizeAndFills(order),
    orderDesc: orderDescription(order, instrument),
    description1: instrument.description,
    ticker: tickerOf(instrument),
    secType: instrument.secType,
    listingExchange: instrument.exchange,
    ...(order.routedExchange === undefined ? {} : { exchange: order.routedExchange }),
    remainingQuantity: isRemaining(order) ? order.quantity - order.filledQuantity : 0,
    filledQuantity: order.filledQuantity,
    totalSize: order.quantity,
    ...(order.cashQty === undefined ? {} : { totalCashSize: order.cashQty }),
    companyName: instrument.companyName,
    status: order.status,
    order_ccp_status: order.status,
    origOrderType: orderTypeCodes[order.orderType],
    orderType: orderTypeNames[order.orderType],
    side: order.side,
    ...priceField(order, price),
    ...(auxPrice === undefined ? {} : { auxPrice: formatPrice(auxPrice) }),
    ...(order.averagePrice === undefined ? {} : { avgPrice: formatPrice(order.averagePrice) }),
    timeInForce: order.tif,
    outsideRTH: order.outsideRTH,
    lastExecutionTime: compactTimestamp(order.updatedAt),
    lastExecutionTime_r: order.updatedAt,
    ...(order.cOID === undefined ? {} : { order_ref: order.cOID }),
    ...(order.parentOrderId === undefined ? {} : { parentId: order.parentOrderId }),
    supportsTaxOpt: taxOpt(instrument),
    isEventTrading: isEvent(instrument),
    bgColor: '#FFFFFF',
    fgColor: '#000000',
  };
}

function isRemaining(order: Order): boolean {
  return (
    order.status !== 'Cancelled' && order.status !== 'ApiCancelled' && order.status !== 'Inactive'
  );
}

/** Everything about one order, as the order status operation answers it. */
export function orderStatus(
  order: Order,
  instrument: Instrument,
  market: Market,
): Schema<'OrderStatus'> {
  const { limit, stop } = pricesOf(order);
  const open =
    order.status === 'PendingSubmit' ||
    order.status === 'PreSubmitted' ||
    order.status === 'Submitted';
  const last = market.price(order.conid);
  return {
    sub_type: null,
    request_id: String(order.requestId),
    server_id: '0',
    order_id: order.id,
    conidex: conidexOf(order),
    conid: order.conid,
    symbol: tickerOf(instrument),
    side: order.side === 'BUY' ? 'B' : 'S',
    contract_description_1: instrument.description,
    listing_exchange: instrument.exchange,
    option_acct: 'c',
    company_name: instrument.companyName,
    size: decimalSize(isRemaining(order) ? order.quantity - order.filledQuantity : 0),
    total_size: decimalSize(order.quantity),
    currency: instrument.currency,
    account: order.allocatedTo,
    order_type: orderTypeCodes[order.orderType],
    ...(limit === undefined ? {} : { limit_price: formatPrice(limit) }),
    ...(stop === undefined ? {} : { stop_price: formatPrice(stop) }),
    cum_fill: decimalSize(order.filledQuantity),
    order_status: order.status,
    order_status_description: statusDescriptions[order.status],
    tif: order.tif,
    fg_color: '#000000',
    bg_color: '#FFFFFF',
    order_not_editable: !open,
    editable_fields: open ? '\u001e' : '',
    cannot_cancel_order: !open,
    deactivate_order: false,
    outside_rth: order.outsideRTH,
    use_price_mgmt_algo: false,
    sec_type: instrument.secType,
    order_description: orderDescription(order, instrument),
    order_description_with_contract: orderDescription(order, instrument, true),
    child_order_type: order.parentOrderId === undefined ? '0' : 'A',
    order_clearing_account: order.allocatedTo,
    size_and_fills: sizeAndFills(order),
    ...(last === undefined ? {} : { exit_strategy_display_price: formatPrice(last) }),
    exit_strategy_tool_availability: '1',
    allowed_duplicate_opposite: true,
    ...(order.averagePrice === undefined ? {} : { average_price: formatPrice(order.averagePrice) }),
    order_time: compactTimestamp(order.updatedAt),
    ...(order.ocaGroup === undefined ? {} : { oca_group_id: order.ocaGroup }),
  };
}

/** The cancel operation's answer: the acknowledgement, or the reject. */
export function cancelOrderResponse(outcome: CancelOutcome): Schema<'CancelOrderResponse'> {
  if (outcome.kind === 'rejected') return { error: outcome.error };
  const { order } = outcome;
  return {
    msg: orderTexts.requestSubmitted,
    order_id: order.id,
    conid: order.conid,
    account: order.allocatedTo,
  };
}

/** The answer of suppressing warnings, or of resetting the suppression. */
export const suppressionSubmitted = (): Schema<'SuppressQuestionsResponse'> => ({
  status: 'submitted',
});

/** The answer to a server prompt: the acknowledgement. */
export const promptAnswered = (): string => orderTexts.requestSubmitted;

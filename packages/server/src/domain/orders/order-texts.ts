import type { Instrument } from '../market/model.js';
import type { Order, OrderTicket, OrderType, TimeInForce } from './model.js';
import { roundTo } from '../kernel/money.js';

/** Order type as the open orders and status operations spell it. */
export const orderTypeCodes = {
  MKT: 'MARKET',
  LMT: 'LIMIT',
  STP: 'STOP',
  STOP_LIMIT: 'STOP_LIMIT',
  MIDPRICE: 'MIDPRICE',
  TRAIL: 'TRAIL',
  TRAILLMT: 'TRAILLMT',
  MIT: 'MIT',
  LIT: 'LIT',
  REL: 'RELATIVE',
  MOC: 'MARKETONCLOSE',
  LOC: 'LIMITONCLOSE',
} as const satisfies Record<OrderType, string>;

export const orderTypeNames = {
  MKT: 'Market',
  LMT: 'Limit',
  STP: 'Stop',
  STOP_LIMIT: 'Stop Limit',
  MIDPRICE: 'MidPrice',
  TRAIL: 'Trail',
  TRAILLMT: 'Trail Limit',
  MIT: 'Market if Touched',
  LIT: 'Limit if Touched',
  REL: 'Relative',
  MOC: 'Market on Close',
  LOC: 'Limit on Close',
} as const satisfies Record<OrderType, string>;

const tifNames: Record<TimeInForce, string> = {
  DAY: 'Day',
  GTC: 'GTC',
  IOC: 'IOC',
  OPG: 'OPG',
  PAX: 'PAX',
};

// `toLocaleString` builds a formatter on every call (most of a placement's cost in a profile):
// the formatters are built once, on first use (each costs milliseconds to build).
const fixedDigits = new Map<number, Intl.NumberFormat>();
const grouped = (value: number, digits: number) => {
  let format = fixedDigits.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    fixedDigits.set(digits, format);
  }
  return format.format(value);
};
let quantityFormat: Intl.NumberFormat | undefined;

/** A size as the service shows it: grouped, up to 4 decimals. */
export const formatQuantity = (value: number) =>
  (quantityFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 })).format(value);

/** `38,200.00 USD`, or `30,000 USD` with `digits` 0. */
export const formatMoney = (value: number, currency: string, digits = 2) =>
  `${grouped(value, digits)} ${currency}`;

/** A size as the status operation sends it: a decimal string with at least one decimal (`5.0`, `2806.46`). */
export const decimalSize = (value: number) =>
  Number.isInteger(value) ? value.toFixed(1) : String(roundTo(value, 4));

/** A price with its usual 2 decimals (more when the price has them, as currency pairs do). */
export function formatPrice(value: number): string {
  const decimals = Math.min(6, Math.max(2, (String(value).split('.')[1] ?? '').length));
  return value.toFixed(decimals);
}

/** The price shown next to an order: its limit (or stop) price; none for market orders. */
export function shownPrice(ticket: OrderTicket): number | undefined {
  return ticket.orderType === 'MKT' || ticket.orderType === 'MOC' ? undefined : ticket.price;
}

/** `BUY 10 AAPL NASDAQ @ 185.00`, as warnings quote an order. */
export function warningDescription(ticket: OrderTicket, instrument: Instrument): string {
  const price = shownPrice(ticket);
  const text = `${ticket.side} ${formatQuantity(ticket.quantity)} ${instrument.symbol} ${ticket.routedExchange ?? instrument.exchange}`;
  return price === undefined ? text : `${text} @ ${formatPrice(price)}`;
}

/** `Buy 10 Limit 190.00, Day`, or `Bought 10 ...` once filled; `withSymbol` adds the symbol after the size. */
export function orderDescription(order: Order, instrument: Instrument, withSymbol = false): string {
  const filled = order.status === 'Filled';
  const verb = order.side === 'BUY' ? (filled ? 'Bought' : 'Buy') : filled ? 'Sold' : 'Sell';
  const price = shownPrice(order);
  const parts = [
    verb,
    formatQuantity(order.quantity),
    ...(withSymbol ? [instrument.symbol] : []),
    orderTypeNames[order.orderType],
  ];
  if (price !== undefined) parts.push(formatPrice(price));
  return `${parts.join(' ')}, ${tifNames[order.tif]}`;
}

/** `Bought 10 @ 189.95 on NASDAQ`, as the trades operation describes an execution. */
export function executionDescription(
  side: OrderTicket['side'],
  size: number,
  price: number,
  exchange: string,
): string {
  return `${side === 'BUY' ? 'Bought' : 'Sold'} ${formatQuantity(size)} @ ${formatPrice(price)} on ${exchange}`;
}

const question = 'Are you sure you want to submit this order?';

/** Every warning, reject and error text of the order flow, in one table: the service's words
 * where its reference or public clients show them (docs/decisions/service/orders-texts-and-preconditions.md). */
export const orderTexts = {
  warnings: {
    marketOrder:
      'You are submitting a market order. It will be filled at the best price available when it reaches the market, which may be far from the last price.',
    priceConstraint: (description: string, percent: number) =>
      `The following order "${description}" price exceeds the Percentage constraint of ${percent}%.`,
    noMarketData:
      'You are submitting an order without market data. We strongly recommend against this as it may result in erroneous and unexpected trades.',
    sizeLimit: (description: string, limit: number) =>
      `The following order "${description}" size exceeds the Size Limit of ${limit}.`,
    totalValueLimit: (description: string, value: string, limit: string) =>
      `The following order "${description}" value estimate of ${value} exceeds \nthe Total Value Limit of ${limit}.`,
    oppositeSide:
      'You have an open order on the opposite side of this contract. Submitting it may cause the orders to fill against each other.',
    /** The line every warning ends with. */
    question,
  },
  rejects: {
    noPermission: (secType: string) => `No trading permissions for ${secType}`,
    notTradable: (conid: number) => `Contract ${conid} is expired or not tradable`,
    restricted: (accountId: string, restriction: string) =>
      `Order rejected: account ${accountId} may only close positions here (pre-trade compliance restriction ${restriction})`,
    priceTooFar: 'Limit price too far from market',
    insufficientFunds: 'Insufficient funds',
    bulk: 'Only OCA groups and bracket orders may be placed together',
    duplicateRef: (cOID: string) =>
      `Order couldn't be submitted: Local order ID=${cOID} is already registered.`,
    fractional: 'Fractional quantities are not accepted for this contract and order type',
    sizeIncrement: (increment: number) => `The quantity must be a multiple of ${increment}`,
    /** The reference server's words: no source shows the service's for a size that reads as 0. */
    zeroSize: 'The quantity rounds to 0',
    priceIncrement: 'The price does not conform to the minimum price variation for this contract.',
    /** The service's text, trailing space included. */
    notConfirmed: 'Order not confirmed ',
    unknownOrder: (orderId: number) => `OrderID ${orderId} doesn't exist`,
    notModifiable: (orderId: number, status: string) =>
      `Order ${orderId} cannot be modified in status ${status}`,
    notCancellable: (orderId: number, status: string) =>
      `Order ${orderId} cannot be cancelled in status ${status}`,
    contractOrSideChanged: 'The contract and side of an order cannot be modified',
  },
  errors: {
    replyNotFound: 'Reply ID not found',
    accountsFirst: 'Please query /iserver/accounts first',
    unknownAccount: (accountId: string) => `Account ${accountId} not found`,
    unknownContract: (conid: number) => `Contract ${conid} not found`,
    tooManySuppressed: (max: number) => `Bad Request: at most ${max} message ids can be suppressed`,
    tradeDays: (max: number) => `days must be an integer from 1 to ${max}`,
    /** Invalid order content (answered with 500). */
    invalidOrder: (message: string) => `Invalid order: ${message}`,
  },
  /** Answers about server prompts: the reference server's own words (no source shows the service's). */
  prompts: {
    unknown: (reqId: string) => `No open prompt with reqId ${reqId}`,
    otherOrder: (reqId: string, orderId: number) => `Prompt ${reqId} is not about order ${orderId}`,
    unknownOption: (reqId: string, text: string) => `${text} is not an option of prompt ${reqId}`,
  },
  /** The acknowledgement of a cancellation, and of an answered server prompt. */
  requestSubmitted: 'Request was submitted',
} as const;

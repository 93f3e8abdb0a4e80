import type { Instrument } from '../market/model.js';
import type { Order, OrderTicket, OrderType, TimeInForce } from './model.js';

/** Order type as the open orders and status operations spell it. */
export const orderTypeCodes = {
  MKT: 'MARKET',
  LMT: 'LIMIT',
  STP: 'STOP',
  STOP_LIMIT: 'STOP_LIMIT',
  MIDPRICE: 'MIDPRICE',
  TRAIL: 'TRAIL',
  TRAILLMT: 'TRAILLMT',
} as const satisfies Record<OrderType, string>;

export const orderTypeNames = {
  MKT: 'Market',
  LMT: 'Limit',
  STP: 'Stop',
  STOP_LIMIT: 'Stop Limit',
  MIDPRICE: 'MidPrice',
  TRAIL: 'Trail',
  TRAILLMT: 'Trail Limit',
} as const satisfies Record<OrderType, string>;

const tifNames: Record<TimeInForce, string> = {
  DAY: 'Day',
  GTC: 'GTC',
  IOC: 'IOC',
  OPG: 'OPG',
  PAX: 'PAX',
};

const grouped = (value: number, digits: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A size as the service shows it: grouped, up to 4 decimals. */
export const formatQuantity = (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 4 });

/** `38,200.00 USD`. */
export const formatMoney = (value: number, currency: string) => `${grouped(value, 2)} ${currency}`;

/** A price with its usual 2 decimals (more when the price has them, as currency pairs do). */
export function formatPrice(value: number): string {
  const decimals = Math.min(6, Math.max(2, (String(value).split('.')[1] ?? '').length));
  return value.toFixed(decimals);
}

/** The price shown next to an order: its limit (or stop) price; none for market orders. */
export function shownPrice(ticket: OrderTicket): number | undefined {
  return ticket.orderType === 'MKT' ? undefined : ticket.price;
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

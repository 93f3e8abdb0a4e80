import type { Schema } from '@brokerage/types';
import { parseAmount } from '../accounts/amounts.js';

// The service sends an order's sizes and prices as decimal strings (`"5.0"`, `"192.26"`); the
// generated types say so. These views give the same objects with those fields as numbers.

export type OrderStatus = Schema<'OrderStatus'>;
export type LiveOrder = Schema<'LiveOrder'>;
export type Trade = Schema<'Trade'>;

/** Reads a decimal string of the service (`"0.90000"`, `"1,288.50"`); throws on anything else. */
export function parseDecimal(text: string): number {
  const amount = parseAmount(text);
  if (amount === undefined || amount.currency !== undefined) {
    throw new TypeError(`Not a decimal number: ${JSON.stringify(text)}`);
  }
  return amount.value;
}

export type Numeric<T, K extends keyof T> = Omit<T, K> & {
  [P in K]: undefined extends T[P] ? number | undefined : number;
};

/** Replaces the named decimal-string fields of `record` by numbers (absent ones stay absent, and
 * so does an empty string: the service sends a market order's `price` as `""`, no price). */
export function withNumbers<T extends object, K extends keyof T>(
  record: T,
  keys: readonly K[],
): Numeric<T, K> {
  const names = new Set<unknown>(keys);
  const copy = Object.entries(record as Record<string, unknown>).flatMap(([key, value]) => {
    if (!names.has(key) || typeof value !== 'string') return [[key, value]];
    return value === '' ? [] : [[key, parseDecimal(value)]];
  });
  return Object.fromEntries(copy) as Numeric<T, K>;
}

const orderStatusDecimals = [
  'size',
  'total_size',
  'cum_fill',
  'average_price',
  'limit_price',
  'stop_price',
] as const satisfies readonly (keyof OrderStatus)[];

const liveOrderDecimals = [
  'price',
  'auxPrice',
  'avgPrice',
] as const satisfies readonly (keyof LiveOrder)[];

const tradeDecimals = ['price', 'commission'] as const satisfies readonly (keyof Trade)[];

export type OrderStatusNumbers = Numeric<OrderStatus, (typeof orderStatusDecimals)[number]>;
export type LiveOrderNumbers = Numeric<LiveOrder, (typeof liveOrderDecimals)[number]>;
export type TradeNumbers = Numeric<Trade, (typeof tradeDecimals)[number]>;

/** An order status with `size`, `total_size`, `cum_fill` and the prices as numbers. */
export const orderStatusNumbers = (status: OrderStatus): OrderStatusNumbers =>
  withNumbers(status, orderStatusDecimals);

/** An order of the open orders with `price`, `auxPrice` and `avgPrice` as numbers. */
export const liveOrderNumbers = (order: LiveOrder): LiveOrderNumbers =>
  withNumbers(order, liveOrderDecimals);

/** An execution with `price` and `commission` as numbers. */
export const tradeNumbers = (trade: Trade): TradeNumbers => withNumbers(trade, tradeDecimals);

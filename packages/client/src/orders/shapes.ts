import type { Schema } from '@brokerage/types';

export type PlaceOrdersResponse = Schema<'PlaceOrdersResponse'>;
export type OrderSuccessEntry = Schema<'OrderSuccessEntry'>;
/** A warning the client can answer: it carries the reply id (a warning without one cannot be
 * confirmed, so it is no known shape). */
export type OrderWarningEntry = Schema<'OrderWarningEntry'> & { id: string };
export type OrderReject = Schema<'OrderReject'>;
export type OrderAdvancedReject = Schema<'OrderAdvancedReject'>;

// The four 200 shapes of placing, modifying or confirming an order, told apart by their fields.

export function isOrderSuccess(answer: PlaceOrdersResponse): answer is OrderSuccessEntry[] {
  return Array.isArray(answer) && answer.length > 0 && answer.every((entry) => 'order_id' in entry);
}

export function isOrderWarning(answer: PlaceOrdersResponse): answer is OrderWarningEntry[] {
  return (
    Array.isArray(answer) &&
    answer.length > 0 &&
    answer.every((entry) => 'id' in entry && typeof entry.id === 'string')
  );
}

export function isOrderReject(answer: PlaceOrdersResponse): answer is OrderReject {
  return !Array.isArray(answer) && typeof (answer as Partial<OrderReject>).error === 'string';
}

export function isOrderAdvancedReject(answer: PlaceOrdersResponse): answer is OrderAdvancedReject {
  return !Array.isArray(answer) && 'messageId' in answer && 'options' in answer;
}

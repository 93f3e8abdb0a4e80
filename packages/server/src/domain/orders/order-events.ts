import type { NoticeEvent } from '../kernel/events.js';
import type { Account } from '../accounts/model.js';
import type { Session } from '../accounts/sessions.js';
import type { Order, OrderTicket } from './model.js';

/** The event an order's new status makes, if any: a fill, a cancellation, or Inactive (it
 * could not fill), which its user hears of as a rejection. */
export function orderStatusEvent(order: Order): NoticeEvent | undefined {
  const common = {
    username: order.username,
    time: order.updatedAt,
    accountId: order.allocatedTo,
    orderId: order.id,
    conid: order.conid,
  };
  switch (order.status) {
    case 'Filled':
      return {
        type: 'orderFilled',
        ...common,
        side: order.side,
        size: order.filledQuantity,
        price: order.averagePrice ?? 0,
      };
    case 'Cancelled':
    case 'ApiCancelled':
      return { type: 'orderCancelled', ...common };
    case 'Inactive':
      return { type: 'orderRejected', ...common };
    default:
      return undefined;
  }
}

/** The event of a request the rule table refused: nothing was transmitted, so no order id. */
export function rejectionEvent(
  session: Session,
  account: Account,
  tickets: OrderTicket[],
  reason: string,
  time: number,
): NoticeEvent {
  return {
    type: 'orderRejected',
    username: session.username,
    time,
    accountId: tickets[0]?.allocatedTo ?? account.id,
    conid: tickets[0]?.conid ?? 0,
    reason,
  };
}

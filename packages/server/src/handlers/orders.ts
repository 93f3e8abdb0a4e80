import { badRequest, rejected } from '../domain/kernel/errors.js';
import { applyOrderFilters } from '../domain/orders/order-filters.js';
import { liveOrder, orderStatus, placeOrdersResponse } from '../domain/orders/order-views.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { requireSession } from '../http/require-session.js';

export const orderHandlers = ({
  brokerage,
  orders,
}: HandlerContext): HandlerGroup<
  | 'placeOrders'
  | 'confirmOrderReply'
  | 'suppressQuestions'
  | 'resetSuppressedQuestions'
  | 'getOpenOrders'
  | 'getOrderStatus'
  | 'modifyOrder'
  | 'cancelOrder'
> => {
  const instrument = (conid: number) => {
    const found = brokerage.market.instrument(conid);
    if (!found) throw rejected(`Contract ${conid} not found`);
    return found;
  };
  return {
    placeOrders: ({ session, params, body }) =>
      placeOrdersResponse(orders.place(requireSession(session), params.accountId, body.orders)),
    confirmOrderReply: ({ session, params, body }) =>
      placeOrdersResponse(orders.reply(requireSession(session), params.replyId, body.confirmed)),
    suppressQuestions: ({ session, body }) => {
      if (!orders.questions.suppress(requireSession(session).id, body.messageIds)) {
        throw badRequest('Bad Request: at most 64 message ids can be suppressed');
      }
      return { status: 'submitted' };
    },
    resetSuppressedQuestions: ({ session }) => {
      orders.questions.resetSuppressed(requireSession(session).id);
      return { status: 'submitted' };
    },
    getOpenOrders: ({ session, query }) => ({
      orders: applyOrderFilters(
        orders.list(requireSession(session), query.accountId),
        query.filters,
      ).map((order) => liveOrder(order, instrument(order.conid))),
      snapshot: true,
    }),
    getOrderStatus: ({ session, params }) => {
      const order = orders.status(requireSession(session), Number(params.orderId));
      return orderStatus(order, instrument(order.conid), brokerage.market);
    },
    modifyOrder: ({ session, params, body }) =>
      placeOrdersResponse(
        orders.modify(requireSession(session), params.accountId, Number(params.orderId), body),
      ),
    cancelOrder: ({ session, params }) => {
      const outcome = orders.cancel(
        requireSession(session),
        params.accountId,
        Number(params.orderId),
      );
      if (outcome.kind === 'rejected') return { error: outcome.error };
      const { order } = outcome;
      return {
        msg: 'Request was submitted',
        order_id: order.id,
        conid: order.conid,
        account: order.allocatedTo,
      };
    },
  };
};

import { badRequest, rejected } from '../domain/kernel/errors.js';
import { emptyForcedList } from '../domain/orders/live-orders-cache.js';
import { orderTexts } from '../domain/orders/order-texts.js';
import {
  cancelOrderResponse,
  liveOrders,
  orderStatus,
  placeOrdersResponse,
  promptAnswered,
  suppressionSubmitted,
} from '../domain/orders/order-views.js';
import { orderPreviewResponse } from '../domain/orders/preview-views.js';
import { maxSuppressedIds } from '../domain/orders/replies.js';
import { tradeView } from '../domain/orders/trades.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** Orders (tag Trading Orders): placing, previewing, confirming, modifying, cancelling and
 * following orders, the order warnings' suppression, and the executions of the account. */
export const tradingOrdersHandlers = ({
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
  | 'previewOrders'
  | 'answerServerPrompt'
  | 'getTrades'
> => {
  const instrument = (conid: number) => {
    const found = brokerage.market.instrument(conid);
    if (!found) throw rejected(orderTexts.errors.unknownContract(conid));
    return found;
  };
  return {
    placeOrders: ({ session, params, body }) =>
      placeOrdersResponse(orders.place(session, params.accountId, body.orders)),
    confirmOrderReply: ({ session, params, body }) =>
      placeOrdersResponse(orders.reply(session, params.replyId, body.confirmed)),
    suppressQuestions: ({ session, body }) => {
      if (!orders.questions.suppress(session.id, body.messageIds)) {
        throw badRequest(orderTexts.errors.tooManySuppressed(maxSuppressedIds));
      }
      return suppressionSubmitted();
    },
    resetSuppressedQuestions: ({ session }) => {
      orders.questions.resetSuppressed(session.id);
      return suppressionSubmitted();
    },
    getOpenOrders: ({ session, query }) => {
      const listed = orders.list(session, query.accountId, query.filters);
      const force = String(query.force).toLowerCase() === 'true';
      return (
        emptyForcedList(brokerage.store, session.username, force) ?? liveOrders(listed, instrument)
      );
    },
    getOrderStatus: ({ session, params }) => {
      const order = orders.status(session, Number(params.orderId));
      return orderStatus(order, instrument(order.conid), brokerage.market);
    },
    modifyOrder: ({ session, params, body }) =>
      placeOrdersResponse(orders.modify(session, params.accountId, Number(params.orderId), body)),
    cancelOrder: ({ session, params }) =>
      cancelOrderResponse(orders.cancel(session, params.accountId, Number(params.orderId))),
    previewOrders: ({ session, params, body }) =>
      orderPreviewResponse(orders.preview(session, params.accountId, body.orders)),
    answerServerPrompt: ({ session, body }) => {
      orders.prompts.answer(session.username, body);
      return promptAnswered();
    },
    getTrades: ({ session, query }) =>
      orders
        .executions(session, query.days ?? 1, query.accountId)
        .map((execution) => tradeView(brokerage, execution)),
  };
};

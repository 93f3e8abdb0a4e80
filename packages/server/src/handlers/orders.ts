import { badRequest, rejected } from '../domain/kernel/errors.js';
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
  | 'previewOrders'
  | 'answerServerPrompt'
> => {
  const instrument = (conid: number) => {
    const found = brokerage.market.instrument(conid);
    if (!found) throw rejected(orderTexts.errors.unknownContract(conid));
    return found;
  };
  return {
    placeOrders: ({ session, params, body }) =>
      placeOrdersResponse(orders.place(requireSession(session), params.accountId, body.orders)),
    confirmOrderReply: ({ session, params, body }) =>
      placeOrdersResponse(orders.reply(requireSession(session), params.replyId, body.confirmed)),
    suppressQuestions: ({ session, body }) => {
      if (!orders.questions.suppress(requireSession(session).id, body.messageIds)) {
        throw badRequest(orderTexts.errors.tooManySuppressed(maxSuppressedIds));
      }
      return suppressionSubmitted();
    },
    resetSuppressedQuestions: ({ session }) => {
      orders.questions.resetSuppressed(requireSession(session).id);
      return suppressionSubmitted();
    },
    getOpenOrders: ({ session, query }) =>
      liveOrders(orders.list(requireSession(session), query.accountId, query.filters), instrument),
    getOrderStatus: ({ session, params }) => {
      const order = orders.status(requireSession(session), Number(params.orderId));
      return orderStatus(order, instrument(order.conid), brokerage.market);
    },
    modifyOrder: ({ session, params, body }) =>
      placeOrdersResponse(
        orders.modify(requireSession(session), params.accountId, Number(params.orderId), body),
      ),
    cancelOrder: ({ session, params }) =>
      cancelOrderResponse(
        orders.cancel(requireSession(session), params.accountId, Number(params.orderId)),
      ),
    previewOrders: ({ session, params, body }) =>
      orderPreviewResponse(orders.preview(requireSession(session), params.accountId, body.orders)),
    answerServerPrompt: ({ session, body }) => {
      orders.prompts.answer(requireSession(session).username, body);
      return promptAnswered();
    },
  };
};

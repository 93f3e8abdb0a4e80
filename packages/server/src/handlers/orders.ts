import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { pending } from './pending.js';

export const orderHandlers = (_context: HandlerContext): HandlerGroup<'placeOrders' | 'confirmOrderReply' | 'suppressQuestions' | 'resetSuppressedQuestions' | 'getOpenOrders' | 'getOrderStatus' | 'modifyOrder' | 'cancelOrder'> => ({
  placeOrders: pending('placeOrders'),
  confirmOrderReply: pending('confirmOrderReply'),
  suppressQuestions: pending('suppressQuestions'),
  resetSuppressedQuestions: pending('resetSuppressedQuestions'),
  getOpenOrders: pending('getOpenOrders'),
  getOrderStatus: pending('getOrderStatus'),
  modifyOrder: pending('modifyOrder'),
  cancelOrder: pending('cancelOrder'),
});

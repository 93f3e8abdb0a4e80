import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { pending } from './pending.js';

export const tradeHandlers = (_context: HandlerContext): HandlerGroup<'getTrades'> => ({
  getTrades: pending('getTrades'),
});

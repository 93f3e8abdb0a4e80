import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { pending } from './pending.js';

export const watchlistHandlers = (_context: HandlerContext): HandlerGroup<'createWatchlist'> => ({
  createWatchlist: pending('createWatchlist'),
});

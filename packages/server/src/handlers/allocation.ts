import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { pending } from './pending.js';

export const allocationHandlers = (_context: HandlerContext): HandlerGroup<'createAllocationGroup'> => ({
  createAllocationGroup: pending('createAllocationGroup'),
});

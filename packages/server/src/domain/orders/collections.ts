import type { StoreView } from '../kernel/store.js';
import type { Execution, Order, PendingReply } from './model.js';
import type { ServerPrompt } from './prompts.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Transmitted orders, by order id. */
    orders: Order;
    /** Order requests held back by a warning, by reply id. */
    orderReplies: PendingReply;
    /** Suppressed order warning message ids, by session id. */
    suppressedQuestions: string[];
    /** Executions (trades) of the trades window, by execution id. */
    executions: Execution;
    /** Executions kept for the portfolio analyst's transactions, by execution id. */
    executionHistory: Execution;
    /** Open server prompts, by request id. */
    serverPrompts: ServerPrompt;
  }
}

/** What the orders area sees of the store: its own collections and the kernel's sequences. */
export type OrdersStore = StoreView<
  | 'orders'
  | 'orderReplies'
  | 'suppressedQuestions'
  | 'executions'
  | 'executionHistory'
  | 'serverPrompts'
  | 'sequences'
>;

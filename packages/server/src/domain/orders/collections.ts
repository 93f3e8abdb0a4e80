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
    /** Users whose next forced live-orders list answers empty (a control scenario), by username. */
    liveOrdersCacheCleared: { username: string };
    /** Users whose reply ids expire `afterMs` after they were given (a control scenario), by
     * username. */
    replyIdsExpiring: { username: string; afterMs: number };
    /** Open server prompts, by request id. */
    serverPrompts: ServerPrompt;
  }
}

import type { StoreView } from '../kernel/store.js';

/** What the orders area sees of the store: its own collections and the kernel's sequences. */
export type OrdersStore = StoreView<
  | 'orders'
  | 'orderReplies'
  | 'suppressedQuestions'
  | 'executions'
  | 'executionHistory'
  | 'serverPrompts'
  | 'liveOrdersCacheCleared'
  | 'replyIdsExpiring'
  | 'sequences'
>;

import type { OrdersStore } from './store-view.js';
import { secretUuid } from '../kernel/secrets.js';
import type { Index } from '../kernel/store.js';
import type { PendingReply } from './model.js';

/** At most this many message ids are suppressed per session. */
export const maxSuppressedIds = 64;

/** Order warnings: requests held back until their reply id is answered, and the message ids a
 * session has chosen to accept in advance. */
export class Questions {
  readonly #byAccount: Index<PendingReply>;

  constructor(private readonly store: OrdersStore) {
    this.#byAccount = this.replies.index('byAccount', (reply) => reply.accountId);
  }

  private get replies() {
    return this.store.collection('orderReplies');
  }

  /** Holds a request back under a new reply id. */
  hold(reply: Omit<PendingReply, 'id'>): PendingReply {
    const held = { ...reply, id: secretUuid() };
    this.replies.set(held.id, held);
    return held;
  }

  /** The session's pending reply with this id, if it is still valid. */
  find(sessionId: string, replyId: string): PendingReply | undefined {
    const reply = this.replies.get(replyId);
    return reply?.sessionId === sessionId ? reply : undefined;
  }

  /** Removes and answers the pending reply: a reply id is valid once. */
  take(sessionId: string, replyId: string): PendingReply | undefined {
    const reply = this.find(sessionId, replyId);
    if (reply) this.replies.delete(replyId);
    return reply;
  }

  /** Drops every pending reply of the account: another order was placed or modified on it. */
  invalidate(accountId: string): void {
    for (const reply of this.#byAccount.get(accountId)) this.replies.delete(reply.id);
  }

  suppressed(sessionId: string): ReadonlySet<string> {
    return new Set(this.store.collection('suppressedQuestions').get(sessionId) ?? []);
  }

  /** Adds message ids to the session's suppressed ones; false (nothing changed) beyond the bound. */
  suppress(sessionId: string, messageIds: readonly string[]): boolean {
    const ids = new Set([...this.suppressed(sessionId), ...messageIds]);
    if (ids.size > maxSuppressedIds) return false;
    this.store.collection('suppressedQuestions').set(sessionId, [...ids]);
    return true;
  }

  resetSuppressed(sessionId: string): void {
    this.store.collection('suppressedQuestions').delete(sessionId);
  }
}

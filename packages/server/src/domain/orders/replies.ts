import type { SeededRandom } from '../kernel/random.js';
import type { Store } from '../kernel/store.js';
import type { PendingReply } from './model.js';

/** At most this many message ids are suppressed per session. */
export const maxSuppressedIds = 64;

/** A UUID (version 4 layout) from the seeded random source. */
function uuid(random: SeededRandom): string {
  const hex = random.hex(16).split('');
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/** Order warnings: requests held back until their reply id is answered, and the message ids a
 * session has chosen to accept in advance. */
export class Questions {
  constructor(
    private readonly store: Store,
    private readonly random: () => SeededRandom,
  ) {}

  private get replies() {
    return this.store.collection('orderReplies');
  }

  /** Holds a request back under a new reply id. */
  hold(reply: Omit<PendingReply, 'id'>): PendingReply {
    const held = { ...reply, id: uuid(this.random()) };
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
    for (const reply of this.replies.values()) {
      if (reply.accountId === accountId) this.replies.delete(reply.id);
    }
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

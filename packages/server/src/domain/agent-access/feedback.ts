import type { AreaContext } from '../accounts/brokerage.js';
import { nextInSequence } from '../kernel/sequences.js';
import type { AgentAccessStore } from './store-view.js';
import type { AgentFeedback } from './model.js';

/** The longest feedback kept: the rest is refused, so no caller can grow the state at will. */
export const maxFeedbackLength = 5000;

/** Feedback agents send in their user's name, kept for tests to read back. */
export class FeedbackBox {
  constructor(private readonly context: AreaContext<'clock', never, AgentAccessStore>) {}

  send(username: string, accountId: string, text: string): AgentFeedback {
    const id = String(nextInSequence(this.context.store, 'agentFeedback', 1));
    const feedback = { id, username, accountId, text, time: this.context.clock.now() };
    this.context.store.collection('agentFeedback').set(id, feedback);
    return feedback;
  }

  /** The feedback of a user, oldest first. */
  ofUser(username: string): AgentFeedback[] {
    return this.context.store
      .collection('agentFeedback')
      .values()
      .filter((feedback) => feedback.username === username);
  }
}

import type { OrdersStore } from './store-view.js';
import { badRequest } from '../kernel/errors.js';
import { nextInSequence } from '../kernel/sequences.js';
import { orderTexts } from './order-texts.js';

/** A question the service asks a user about an order, answered with one of its options. */
export interface ServerPrompt {
  reqId: string;
  orderId: number;
  /** The user who placed the order: the one who may answer. */
  username: string;
  text: string;
  options: string[];
}

export interface PromptAnswer {
  orderId: number;
  reqId: string;
  text: string;
}

/** Open server prompts. The service delivers them on its streaming channel, which the
 * reference server does not have: the control API raises them (docs/decisions/service/orders-server-prompts.md). */
export class Prompts {
  constructor(private readonly store: OrdersStore) {}

  private get prompts() {
    return this.store.collection('serverPrompts');
  }

  /** Raises a prompt about a transmitted order, for the user who placed it; an unknown order
   * answers 400. */
  raise(orderId: number, text: string, options: string[]): ServerPrompt {
    const order = this.store.collection('orders').get(String(orderId));
    if (!order) throw badRequest(orderTexts.rejects.unknownOrder(orderId));
    const reqId = String(nextInSequence(this.store, 'serverPrompts', 200));
    const prompt: ServerPrompt = {
      reqId,
      orderId: order.id,
      username: order.username,
      text,
      options,
    };
    this.prompts.set(reqId, prompt);
    return prompt;
  }

  /** Takes the user's answer to an open prompt, which closes it; a prompt of another user, an
   * order the prompt is not about or a text that is not an option answers 400. */
  answer(username: string, { orderId, reqId, text }: PromptAnswer): void {
    const prompt = this.prompts.get(reqId);
    if (!prompt || prompt.username !== username)
      throw badRequest(orderTexts.prompts.unknown(reqId));
    if (prompt.orderId !== orderId) throw badRequest(orderTexts.prompts.otherOrder(reqId, orderId));
    if (!prompt.options.includes(text))
      throw badRequest(orderTexts.prompts.unknownOption(reqId, text));
    this.prompts.delete(reqId);
  }
}

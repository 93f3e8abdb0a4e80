import type { ControlSchema } from '@brokerage/types/control';
import type { Prompts } from '../domain/orders/prompts.js';

/** Raises a server prompt about an order, as the service's streaming channel would push it
 * (the reference server has none); an unknown order answers 400. */
export function raisePrompt(
  prompts: Pick<Prompts, 'raise'>,
  request: ControlSchema<'PromptRequest'>,
): ControlSchema<'ServerPrompt'> {
  const { reqId, orderId, text, options } = prompts.raise(
    request.orderId,
    request.text ?? 'Do you want to continue?',
    request.options ?? ['Yes', 'No'],
  );
  return { orderId, reqId, text, options, prompt: true };
}

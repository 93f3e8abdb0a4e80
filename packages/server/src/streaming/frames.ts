import type { streaming } from '@brokerage/types';
import { validateClientFrame } from '@brokerage/validators/stream';

/** A client frame the streaming document describes, taken apart: `smd+265598+{"fields":[...]}`
 * is the topic `smd`, the target `['265598']` and the arguments `{fields: [...]}`. */
export interface Frame {
  name: streaming.ClientMessageName;
  topic: string;
  /** The `+`-separated parts between the topic and the JSON arguments. */
  target: string[];
  args: Record<string, unknown>;
  /** The `session` message's session id. */
  session?: string;
}

/** The frame, or the validator's first problem. */
export function parseFrame(text: string): { frame: Frame } | { problem: string } {
  const result = validateClientFrame(text);
  if (!result.valid) return { problem: result.errors[0]?.message ?? 'not a client message' };
  if (result.name === 'sessionAuth') {
    const { session } = result.value as streaming.ClientMessages['sessionAuth'];
    return { frame: { name: result.name, topic: 'session', target: [], args: {}, session } };
  }
  const start = text.indexOf('+{');
  const head = start < 0 ? text : text.slice(0, start);
  const [topic = '', ...target] = head.split('+');
  const args = start < 0 ? {} : (JSON.parse(text.slice(start + 1)) as Record<string, unknown>);
  return { frame: { name: result.name, topic, target, args } };
}

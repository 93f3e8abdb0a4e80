// The texts of an answer's messages (errors, warnings, rejects, the order reply questions), by
// path, with their numbers masked: a text that differs only in an id or a price is the same text.

/** Keys whose string values are messages for people. */
const messageKey =
  /^(error|message|messages|msg|warning|warnings|warning_message|reject_reason|text)$/i;

const mask = (text: string) => text.replace(/-?\d+(?:[.,]\d+)*/g, '#');

export type Messages = Map<string, string[]>;

export function messagesOf(
  value: unknown,
  path = '$',
  key = '',
  found: Messages = new Map(),
): Messages {
  if (Array.isArray(value)) {
    for (const item of value) messagesOf(item, `${path}[]`, key, found);
  } else if (value !== null && typeof value === 'object') {
    for (const [name, item] of Object.entries(value))
      messagesOf(item, `${path}.${name}`, name, found);
  } else if (typeof value === 'string' && messageKey.test(key)) {
    found.set(path, [...(found.get(path) ?? []), mask(value)]);
  }
  return found;
}

export interface MessageDifference {
  path: string;
  recorded: string[];
  live: string[];
}

/** The paths present in both answers whose texts differ (an absent path is a shape difference). */
export function compareMessages(recorded: Messages, live: Messages): MessageDifference[] {
  const differences: MessageDifference[] = [];
  for (const [path, texts] of recorded) {
    const other = live.get(path);
    if (other && [...texts].sort().join('\n') !== [...other].sort().join('\n')) {
      differences.push({ path, recorded: texts, live: other });
    }
  }
  return differences;
}

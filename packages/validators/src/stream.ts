// Validation of the WebSocket's messages (the streaming document), over the generated validators:
// a server message is recognised by its topic, a client frame by the topic it starts with.
import type { streaming } from '@brokerage/types';
import type { SchemaValidator, StreamMessageValidators } from './catalog.js';
import { formatErrors, plainError, type ValidationError } from './errors.js';
import { streamMessageValidators } from './generated/stream-catalog.js';

type Direction = 'client' | 'server';
type NameOf<D extends Direction> = D extends 'client'
  ? streaming.ClientMessageName
  : streaming.ServerMessageName;
type MessageOf<D extends Direction> = D extends 'client'
  ? streaming.ClientMessage
  : streaming.ServerMessage;

export type StreamMessageName = streaming.ClientMessageName | streaming.ServerMessageName;

export type StreamResult<D extends Direction> =
  | { valid: true; name: NameOf<D>; value: MessageOf<D>; errors: [] }
  | { valid: false; name?: NameOf<D>; errors: ValidationError[] };

const entries = Object.entries(streamMessageValidators) as [
  StreamMessageName,
  StreamMessageValidators<Direction>,
][];
const byDirection = <D extends Direction>(direction: D) =>
  entries.filter(([, entry]) => entry.direction === direction) as [
    NameOf<D>,
    StreamMessageValidators<D>,
  ][];
const serverMessages = byDirection('server');
const clientMessages = byDirection('client');
const patterns = new Map(
  serverMessages.flatMap(([, entry]) =>
    entry.topic && 'pattern' in entry.topic
      ? [[entry.topic.pattern, new RegExp(entry.topic.pattern)] as const]
      : [],
  ),
);

const names = (candidates: readonly [string, unknown][]) => candidates.map(([name]) => name);

/** The first candidate whose validator accepts `data`, else the first one's errors. */
function firstValid<D extends Direction>(
  candidates: [NameOf<D>, StreamMessageValidators<D>][],
  data: unknown,
  pick: (entry: StreamMessageValidators<D>) => SchemaValidator,
): StreamResult<D> {
  for (const [name, entry] of candidates) {
    if (pick(entry)(data)) return { valid: true, name, value: data as MessageOf<D>, errors: [] };
  }
  const [first] = candidates;
  if (!first) throw new Error('no candidate message');
  const validator = pick(first[1]);
  validator(data);
  return { valid: false, name: first[0], errors: formatErrors(validator.errors, data) };
}

const topicMatches = (topic: StreamMessageValidators<'server'>['topic'], value: string) =>
  topic !== null &&
  ('const' in topic ? topic.const === value : patterns.get(topic.pattern)?.test(value) === true);

/** Validates a message the service sent (one parsed JSON frame): finds the message its topic
 * names (or, without a topic, the error and notice messages) and checks it against the
 * streaming document. */
export function validateServerMessage(payload: unknown): StreamResult<'server'> {
  const topic =
    typeof payload === 'object' && payload !== null && 'topic' in payload
      ? (payload as { topic: unknown }).topic
      : undefined;
  const candidates =
    typeof topic === 'string'
      ? serverMessages.filter(([, entry]) => topicMatches(entry.topic, topic))
      : serverMessages.filter(([, entry]) => entry.topic === null);
  // An error message may carry the topic of the message that failed (`smd+1`): the topicless
  // messages are tried after the topic's own.
  const topicless = serverMessages.filter(([, entry]) => entry.topic === null);
  const all = [...candidates, ...topicless];
  const result = firstValid(all, payload, (entry) => entry.payload);
  if (result.valid || candidates.length > 0) return result;
  return {
    valid: false,
    errors: [
      plainError(
        'topic',
        `/topic: no message of the streaming document has the topic ${JSON.stringify(topic)}`,
        names(serverMessages),
        topic,
        undefined,
        '/topic',
      ),
    ],
  };
}

/** Validates a frame a client sends: the `session` JSON object, or `TOPIC+ARGS` text whose
 * topic, shape and JSON arguments must be those of one of the document's client messages. */
export function validateClientFrame(frame: string): StreamResult<'client'> {
  if (frame.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(frame);
    } catch {
      return {
        valid: false,
        errors: [plainError('json', '/: the frame is not valid JSON', 'JSON', frame)],
      };
    }
    return firstValid(
      clientMessages.filter(([, entry]) => entry.topic === null),
      parsed,
      (entry) => entry.payload,
    );
  }
  const topic = frame.split('+', 1)[0] ?? '';
  const candidates = clientMessages.filter(
    ([, entry]) => entry.topic !== null && 'const' in entry.topic && entry.topic.const === topic,
  );
  if (candidates.length === 0) {
    return {
      valid: false,
      errors: [
        plainError(
          'topic',
          `/: no client message of the streaming document starts with ${JSON.stringify(topic)}`,
          names(clientMessages),
          frame,
        ),
      ],
    };
  }
  const result = firstValid(candidates, frame, (entry) => entry.payload);
  const args = result.valid && streamMessageValidators[result.name].arguments;
  const start = frame.indexOf('+{');
  if (!result.valid || !args || start < 0) return result;
  let given: unknown;
  try {
    given = JSON.parse(frame.slice(start + 1));
  } catch {
    return {
      valid: false,
      name: result.name,
      errors: [plainError('json', '/: the arguments are not valid JSON', 'JSON', frame)],
    };
  }
  if (args(given)) return result;
  return { valid: false, name: result.name, errors: formatErrors(args.errors, given) };
}

/** Validates one message against a named message of the streaming document. */
export function validateStreamMessage<Name extends StreamMessageName>(
  name: Name,
  payload: unknown,
): { valid: boolean; errors: ValidationError[] } {
  const validator = streamMessageValidators[name].payload;
  if (validator(payload)) return { valid: true, errors: [] };
  return { valid: false, errors: formatErrors(validator.errors, payload) };
}

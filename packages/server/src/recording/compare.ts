// `compare`: the recorded requests sent again, in order, to a base URL (a fresh sandbox, or any
// server), each answer set beside the recorded one: statuses, shapes and message texts. Values
// expected to differ (prices, ids, times) are not compared; recorded ids in later requests are
// mapped onto the ones the server gave (id-map.ts).
import { boundedDepth } from './bounded-depth.js';
import type { RecordedEntry } from './har-entry.js';
import { IdMap } from './id-map.js';
import { compareMessages, messagesOf, type MessageDifference } from './messages.js';
import { isSocketEntry, responseBytes } from './read-recording.js';
import { compareShapes, shapeOf, type ShapeDifference } from './shape.js';

export interface StatusDifference {
  /** The entry's position in the recording. */
  entry: number;
  recorded: number;
  live: number;
}

export interface OperationComparison {
  /** The operationId, or `METHOD /path` for a request the document does not have. */
  operation: string;
  exchanges: number;
  statuses: StatusDifference[];
  /** Each difference once per operation, however many exchanges show it. */
  shapes: ShapeDifference[];
  messages: MessageDifference[];
}

export interface Comparison {
  operations: OperationComparison[];
  /** True when an answer's shape or status differs: the command then exits non-zero. */
  differs: boolean;
}

/** Request headers not sent again: the connection's, and the credentials (redacted, or of
 * another session). */
const notSent = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'accept-encoding',
  'cookie',
  'authorization',
]);

const parseJson = (text: string | undefined): { value: unknown } | undefined => {
  if (text === undefined || text === '') return undefined;
  try {
    return { value: boundedDepth(JSON.parse(text)) };
  } catch {
    return undefined;
  }
};

/** Credentials for the target, sent on every request instead of the recorded ones (a hosted
 * target answers 401 without them). */
export interface TargetCredentials {
  /** A Cookie header's value, e.g. `api=<session>` (as `sessionCookie` in the client sends). */
  cookie?: string | undefined;
  /** An OAuth 2 access token, sent as `Authorization: Bearer <token>` (as `bearerToken`). */
  bearer?: string | undefined;
}

function requestOf(
  entry: RecordedEntry,
  baseUrl: string,
  ids: IdMap,
  credentials: TargetCredentials,
): Request {
  const recorded = new URL(entry.request.url);
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/\/$/, '')}${ids.text(recorded.pathname)}`;
  for (const [name, value] of recorded.searchParams) url.searchParams.append(name, ids.text(value));
  const headers = new Headers();
  for (const { name, value } of entry.request.headers) {
    if (!notSent.has(name.toLowerCase()) && !name.startsWith(':')) headers.append(name, value);
  }
  if (credentials.cookie !== undefined) headers.set('cookie', credentials.cookie);
  if (credentials.bearer !== undefined)
    headers.set('authorization', `Bearer ${credentials.bearer}`);
  const text = entry.request.postData?.text;
  const json = parseJson(text);
  const body = json ? JSON.stringify(ids.json(json.value)) : text;
  return new Request(url, {
    method: entry.request.method,
    headers,
    redirect: 'manual',
    ...(body === undefined || body === '' ? {} : { body }),
  });
}

const key = (difference: ShapeDifference) => `${difference.path} ${difference.difference}`;

export async function compareRecording(
  entries: RecordedEntry[],
  baseUrl: string,
  credentials: TargetCredentials = {},
): Promise<Comparison> {
  const ids = new IdMap();
  const byOperation = new Map<string, OperationComparison>();
  for (const [index, entry] of entries.entries()) {
    if (isSocketEntry(entry)) continue;
    const operation =
      entry._operationId ?? `${entry.request.method} ${new URL(entry.request.url).pathname}`;
    let report = byOperation.get(operation);
    if (!report) {
      report = { operation, exchanges: 0, statuses: [], shapes: [], messages: [] };
      byOperation.set(operation, report);
    }
    report.exchanges += 1;
    const answer = await fetch(requestOf(entry, baseUrl, ids, credentials));
    const liveText = await answer.text();
    if (answer.status !== entry.response.status) {
      report.statuses.push({ entry: index, recorded: entry.response.status, live: answer.status });
      continue;
    }
    const recorded = parseJson(responseBytes(entry)?.toString('utf8'));
    const live = parseJson(liveText);
    if (!recorded || !live) continue;
    ids.learn(recorded.value, live.value);
    const seen = new Set(report.shapes.map(key));
    for (const difference of compareShapes(shapeOf(recorded.value), shapeOf(live.value))) {
      if (!seen.has(key(difference))) report.shapes.push(difference);
      seen.add(key(difference));
    }
    const texts = new Set(report.messages.map((difference) => difference.path));
    for (const difference of compareMessages(messagesOf(recorded.value), messagesOf(live.value))) {
      if (!texts.has(difference.path)) report.messages.push(difference);
      texts.add(difference.path);
    }
  }
  const operations = [...byOperation.values()];
  return {
    operations,
    differs: operations.some(
      (operation) => operation.shapes.length + operation.statuses.length > 0,
    ),
  };
}

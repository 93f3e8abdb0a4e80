// `replay`: a recording served back as a stub. A request matches a recorded one by method, path
// (so by operation and path parameters), query (in any order) and body (JSON compared by value);
// repeated requests get the recorded answers in recorded order, the last one again once they run
// out. A request with no recorded answer gets 501 and an error naming the closest recorded one.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';
import type { RecordedEntry } from './har-entry.js';
import { operationOf } from './har-entry.js';
import { isSocketEntry, responseBytes } from './read-recording.js';

/** The status of a request the recording has no answer for (the stub cannot answer it). */
export const noRecordedAnswerStatus = 501;

/** Answer headers not served again: the connection's, and the ones the body's bytes decide. */
const notServed = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

interface RequestKey {
  operation: string | null;
  method: string;
  path: string;
  query: string;
  body: string;
}

/** JSON with its keys sorted, so that two bodies equal by value are equal as text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, canonical(item)]),
    );
  }
  return value;
}

function keyOf(method: string, url: URL, body: string | undefined): RequestKey {
  let normalised = body ?? '';
  try {
    if (normalised !== '') normalised = JSON.stringify(canonical(JSON.parse(normalised)));
  } catch {
    // not JSON: compared as sent
  }
  const query = [...url.searchParams]
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join('&');
  return {
    operation: operationOf(method, url.pathname),
    method: method.toUpperCase(),
    path: url.pathname,
    query,
    body: normalised,
  };
}

const textOf = (key: RequestKey) =>
  `${key.method} ${key.path}${key.query ? `?${key.query}` : ''}${key.body ? ` ${key.body}` : ''}`;

/** The recorded request nearest to `wanted`, and in what it differs. */
function closest(
  wanted: RequestKey,
  keys: (RequestKey | undefined)[],
): { index: number; differs: string[] } | undefined {
  let best: { index: number; differs: string[]; score: number } | undefined;
  keys.forEach((key, index) => {
    if (!key) return;
    const differs = [
      ...(key.operation === wanted.operation ? [] : ['operation']),
      ...(key.method === wanted.method ? [] : ['method']),
      ...(key.path === wanted.path ? [] : ['path']),
      ...(key.query === wanted.query ? [] : ['query']),
      ...(key.body === wanted.body ? [] : ['body']),
    ];
    const weights: Record<string, number> = { operation: 8, method: 4, path: 2, query: 1, body: 1 };
    const score = -differs.reduce((sum, part) => sum + (weights[part] ?? 0), 0);
    if (!best || score > best.score) best = { index, differs, score };
  });
  return best;
}

export function createReplayHandler(
  entries: RecordedEntry[],
): (request: IncomingMessage, response: ServerResponse) => void {
  // A WebSocket's entry has no key: its upgrade is not served (a stub answers HTTP only).
  const keys = entries.map((entry) => {
    if (isSocketEntry(entry)) return undefined;
    const url = new URL(entry.request.url);
    return keyOf(entry.request.method, url, entry.request.postData?.text);
  });
  const queues = new Map<string, { indexes: number[]; next: number }>();
  keys.forEach((key, index) => {
    if (!key) return;
    const queue = queues.get(textOf(key)) ?? { indexes: [], next: 0 };
    queue.indexes.push(index);
    queues.set(textOf(key), queue);
  });

  const refuse = (response: ServerResponse, error: string) => {
    response.writeHead(noRecordedAnswerStatus, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error }));
  };

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await text(request);
    const key = keyOf(request.method ?? 'GET', new URL(request.url ?? '/', 'http://replay'), body);
    const queue = queues.get(textOf(key));
    if (!queue) {
      const near = closest(key, keys);
      const nearest = near
        ? `; the closest recorded is entry ${near.index}, ${textOf(keys[near.index] as RequestKey)} (differs in ${near.differs.join(', ')})`
        : '; the recording is empty';
      refuse(response, `no recorded answer for ${textOf(key)}${nearest}`);
      return;
    }
    const index = queue.indexes[Math.min(queue.next, queue.indexes.length - 1)] as number;
    queue.next += 1;
    const entry = entries[index] as RecordedEntry;
    const bytes = responseBytes(entry);
    if (!bytes) {
      refuse(
        response,
        `entry ${index} (${textOf(key)}) was recorded without its answer's body: ${entry.response.content.comment ?? 'not kept'}`,
      );
      return;
    }
    const headers: string[] = [];
    for (const { name, value } of entry.response.headers) {
      if (!notServed.has(name.toLowerCase())) headers.push(name, value);
    }
    headers.push('content-length', String(bytes.length));
    response.writeHead(entry.response.status, headers);
    response.end(bytes);
  };

  return (request, response) => {
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: `replay failed: ${error instanceof Error ? error.message : String(error)}`,
        }),
      );
    });
  };
}

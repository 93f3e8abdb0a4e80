// Reads a HAR file back, as untrusted input: a whole one, each entry checked for what compare and
// replay read of it (a method they can send, an absolute http(s) URL, headers, a status); a file
// cut short (by a crash: each entry is one line, as har-writer.ts writes them) is refused, naming
// the last whole entry. Errors name the file, the entry and the reason.
import { readFileSync } from 'node:fs';
import type { Entry, Har } from 'har-format';
import { operationOf } from './har-entry.js';
import type { RecordedEntry } from './har-entry.js';

export class RecordingError extends Error {}

/** The methods a recorded request may have: those the document's operations and a browser use. */
const methods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function parseEntries(text: string, file: string): Entry[] {
  let har: Partial<Har>;
  try {
    har = JSON.parse(text) as Partial<Har>;
  } catch (error) {
    throw new RecordingError(
      `${file}: ${cutShort(text) ?? `not a HAR file (${messageOf(error)})`}`,
    );
  }
  if (!Array.isArray(har.log?.entries))
    throw new RecordingError(`${file}: not a HAR file (no log.entries)`);
  return har.log.entries;
}

/** Why a file that is not JSON is one cut short (its head, then whole entries a line each), or
 * undefined when it is not a recording at all. */
function cutShort(text: string): string | undefined {
  const lines = text.split('\n');
  if (!lines[0]?.startsWith('{"log":')) return undefined;
  let whole = 0;
  for (const line of lines.slice(1)) {
    try {
      JSON.parse(line.replace(/,$/, ''));
      whole += 1;
    } catch {
      break;
    }
  }
  return cutShortAfter(whole);
}

/** What a recording cut short after `whole` whole entries is told. */
export const cutShortAfter = (whole: number): string =>
  `cut short after ${whole} whole entr${whole === 1 ? 'y' : 'ies'}: entry ${whole} is not whole (the recording was not closed)`;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const isHeaderList = (headers: unknown) =>
  Array.isArray(headers) &&
  headers.every(
    (header: unknown) =>
      typeof (header as { name?: unknown } | null)?.name === 'string' &&
      typeof (header as { value?: unknown }).value === 'string',
  );

/** What is wrong with the entry for compare and replay, or undefined. */
function problemOf(entry: Entry): string | undefined {
  const { request, response } = (entry ?? {}) as Partial<Entry>;
  if (typeof request?.url !== 'string' || typeof response?.status !== 'number')
    return 'has no request URL or response status';
  if (isSocketEntry(entry)) return undefined;
  if (typeof request.method !== 'string' || !methods.has(request.method))
    return `has a method that cannot be sent again: ${JSON.stringify(request.method)}`;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return `has a request URL that is not absolute: ${JSON.stringify(request.url.slice(0, 200))}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `has a request URL that is not http(s): ${url.protocol}`;
  if (!isHeaderList(request.headers) || !isHeaderList(response.headers))
    return 'has headers that are not a list of names and values';
  if (request.postData !== undefined && typeof request.postData?.text !== 'string')
    return 'has a request body without its text';
  if (!Number.isInteger(response.status) || response.status < 100 || response.status > 599)
    return `has a status that is not an HTTP status: ${response.status}`;
  const content = response.content as Partial<Entry['response']['content']> | undefined;
  if (typeof content !== 'object' || content === null) return 'has no response content';
  if (content.text !== undefined && typeof content.text !== 'string')
    return 'has a response body that is not text';
  return undefined;
}

/** The recording's entries in order, each with its operation (found again when absent). */
export function readRecording(file: string): RecordedEntry[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new RecordingError(`${file}: ${messageOf(error)}`);
  }
  return recordedEntries(text, file);
}

/** The entries of a recording's text (read from `file`), checked as `readRecording` says. */
export function recordedEntries(text: string, file: string): RecordedEntry[] {
  return parseEntries(text, file).map((entry, index) => checkedEntry(entry, index, file));
}

/** Entry `index` of the recording `file`, checked for what compare and replay read of it (a
 * `RecordingError` naming the file and the entry), with its operation (found again when absent). */
export function checkedEntry(entry: unknown, index: number, file: string): RecordedEntry {
  const problem = problemOf(entry as Entry);
  if (problem !== undefined) throw new RecordingError(`${file}: entry ${index} ${problem}`);
  const recorded = entry as Partial<RecordedEntry> & Entry;
  const url = new URL(recorded.request.url);
  return {
    ...recorded,
    _operationId: recorded._operationId ?? operationOf(recorded.request.method, url.pathname),
  };
}

/** The body of a recorded answer as bytes, or undefined when it was not recorded (too large). */
export function responseBytes(entry: Entry): Buffer | undefined {
  const { text, encoding } = entry.response.content;
  if (text === undefined) return undefined;
  return Buffer.from(text, encoding === 'base64' ? 'base64' : 'utf8');
}

/** A WebSocket's entry (its frames in `_webSocketMessages`): neither compared nor replayed. */
export const isSocketEntry = (entry: Entry): boolean =>
  (entry as { _resourceType?: unknown })._resourceType === 'websocket';

// One WebSocket as a HAR entry, as browsers write it: the upgrade request, marked
// `_resourceType: "websocket"` and answered 101, with its data frames in `_webSocketMessages`.
// Text frames are redacted like bodies (JSON by key, other text for the account ids known).
import type { IncomingHttpHeaders } from 'node:http';
import type { Header } from 'har-format';
import { headerList, operationOf, requestUrl, type RecordedEntry } from './har-entry.js';
import type { Redaction } from './redaction.js';
import type { SocketFrame, SocketTape } from './socket-tap.js';

export interface RecordedSocketEntry extends RecordedEntry {
  _resourceType: 'websocket';
  _webSocketMessages: SocketFrame[];
}

/** The socket as it opened: its upgrade request and the answer's lines (`HTTP/1.1 101 ...`). */
export interface OpenedSocket {
  url: string;
  requestHeaders: IncomingHttpHeaders;
  answer: string[];
  /** When it opened (ms since the epoch). */
  startedAt: number;
}

const parseJson = (text: string): { value: unknown } | undefined => {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
};

function redactFrames(frames: SocketFrame[], redaction: Redaction): SocketFrame[] {
  if (!redaction) return frames;
  const parsed = frames.map((frame) => (frame.opcode === 1 ? parseJson(frame.data) : undefined));
  // Every id first, so that one named late is redacted in the frames before it too.
  for (const json of parsed) if (json) redaction.learnAccounts(json.value);
  return frames.map((frame, index) => {
    if (frame.opcode !== 1) return frame;
    const json = parsed[index];
    const data = json ? JSON.stringify(redaction.json(json.value)) : redaction.text(frame.data);
    return { ...frame, data };
  });
}

/** The upgrade answer's status line and headers, from its lines. */
function answerOf(lines: string[], redaction: Redaction) {
  const [statusLine = '', ...rest] = lines;
  const [, status = '101', statusText = ''] = /^\S+ (\d{3}) ?(.*)$/.exec(statusLine) ?? [];
  const headers: Header[] = rest.flatMap((line) => {
    const at = line.indexOf(':');
    if (at < 0) return [];
    const name = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim();
    return [{ name, value: redaction ? redaction.header(name, value) : value }];
  });
  return { status: Number(status), statusText, headers };
}

export function socketEntry(
  opened: OpenedSocket,
  tape: SocketTape,
  closedAt: number,
  redaction: Redaction,
): RecordedSocketEntry {
  const { url, queryString } = requestUrl('ws', opened.url, opened.requestHeaders, redaction);
  const { dropped } = tape;
  return {
    _operationId: operationOf('GET', opened.url),
    _resourceType: 'websocket',
    startedDateTime: new Date(opened.startedAt).toISOString(),
    time: closedAt - opened.startedAt,
    request: {
      method: 'GET',
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(opened.requestHeaders, redaction),
      queryString,
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      ...answerOf(opened.answer, redaction),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      content: { size: 0, mimeType: '' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 0,
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: closedAt - opened.startedAt },
    _webSocketMessages: redactFrames(tape.frames, redaction),
    ...(dropped.frames > 0
      ? {
          comment: `${dropped.frames} frames (${dropped.bytes} bytes) not recorded: past the bytes kept`,
        }
      : {}),
  };
}

// The typed streaming client against a target, on a WebSocket that checks every message the
// server sends against the streaming document and records it for the message coverage.
import {
  createStreamingClient,
  type StreamingClient,
  type StreamingClientOptions,
  type WebSocketConstructor,
} from '@brokerage/client';
import { validateServerMessage } from '@brokerage/validators';
import WebSocket from 'ws';
import { recordStreamMessage } from './stream-coverage.js';
import type { Target } from './target.js';

/** Checks one frame from the server: its message's name, or undescribed. */
export function checkStreamFrame(data: string): void {
  // The echo of `ech+hb`: the document's one frame that is not JSON (its `echo` operation).
  if (data === 'ech+hb') return;
  let payload: unknown;
  try {
    payload = JSON.parse(data);
  } catch {
    recordStreamMessage({ undescribed: data.slice(0, 300) });
    return;
  }
  const result = validateServerMessage(payload);
  recordStreamMessage(
    result.valid ? { message: result.name } : { undescribed: data.slice(0, 300) },
  );
}

/** The `ws` package's WebSocket (Node 20 has no global one), checking what it receives before
 * the client reads it; called with `new` as the client does, it answers the socket. */
function checkedWebSocket(
  url: string,
  protocols?: string | string[],
  options?: { headers?: Record<string, string> },
): WebSocket {
  const socket = new WebSocket(url, protocols, options);
  socket.on('message', (data) => checkStreamFrame(String(data)));
  return socket;
}
const CheckedWebSocket = checkedWebSocket as unknown as WebSocketConstructor;

/** A streaming client on the target, with the target's credentials as upgrade headers. */
export function contractStream(
  target: Target,
  options: Partial<StreamingClientOptions> = {},
): StreamingClient {
  return createStreamingClient({
    url: target.baseUrl,
    WebSocket: CheckedWebSocket,
    reconnect: false,
    ...(Object.keys(target.headers).length > 0 ? { headers: target.headers } : {}),
    ...options,
  });
}

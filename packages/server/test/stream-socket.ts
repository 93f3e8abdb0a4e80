import type { streaming } from '@brokerage/types';
import { validateServerMessage } from '@brokerage/validators';
import WebSocket from 'ws';
import type { Harness } from './harness.js';

export interface TestSocket {
  /** Every message received so far, each checked against the streaming document. */
  received: streaming.ServerMessage[];
  /** The frames that are not JSON (the echo of `ech+hb`). */
  texts: string[];
  /** The first message from `from` on (default: the next unread one) that `match` accepts. */
  next(match?: (message: streaming.ServerMessage) => boolean): Promise<streaming.ServerMessage>;
  send(frame: string): void;
  /** The close code and reason, once closed. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** A `ws` client on the harness's `/v1/api/ws` (the `api` cookie or other headers, a query). */
export async function openSocket(
  server: Pick<Harness, 'baseUrl'>,
  options: { headers?: Record<string, string>; query?: string } = {},
): Promise<TestSocket> {
  const url = `${server.baseUrl.replace(/^http/, 'ws')}/v1/api/ws${options.query ?? ''}`;
  const ws = new WebSocket(url, { headers: options.headers ?? {} });
  const received: streaming.ServerMessage[] = [];
  const texts: string[] = [];
  let read = 0;
  const waiting: (() => void)[] = [];
  ws.on('message', (data) => {
    if (!String(data).startsWith('{')) {
      texts.push(String(data));
      for (const wake of waiting.splice(0)) wake();
      return;
    }
    const message = JSON.parse(String(data)) as unknown;
    const result = validateServerMessage(message);
    if (!result.valid) throw new Error(`undocumented message ${String(data)}`);
    received.push(result.value);
    for (const wake of waiting.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => {
      resolve({ code, reason: String(reason) });
      for (const wake of waiting.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    received,
    texts,
    async next(match = () => true) {
      for (;;) {
        while (read < received.length) {
          const message = received[read++] as streaming.ServerMessage;
          if (match(message)) return message;
        }
        if (ws.readyState === WebSocket.CLOSED) throw new Error('socket closed');
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    },
    send: (frame) => ws.send(frame),
    closed,
    close: () => ws.close(),
  };
}

/** The message's topic, if it has one. */
export const topicOf = (message: streaming.ServerMessage): string | undefined =>
  'topic' in message ? message.topic : undefined;

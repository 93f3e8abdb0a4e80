// The socket side of the streaming server, loaded with the first upgrade it admits: ws, the
// streaming document's message validators and the connections' topics stay off a server's start
// (most of a sandbox's test files never open the socket).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { streaming } from '@brokerage/types';
import { validateServerMessage } from '@brokerage/validators/stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { StreamMessageViolation } from './stream-violation.js';

export { StreamConnection } from './connection.js';

/** Completes an admitted upgrade, then calls `opened` with the socket and the header lines of
 * its `101` answer. */
export type Accept = (
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  opened: (ws: WebSocket, answer: string[]) => void,
) => void;

/** The WebSocket server of one streaming server (`noServer`: the HTTP server's upgrades are
 * handed to it); a larger frame than `maxPayload` closes the socket with 1009, before it is
 * buffered whole. */
export function socketServer(maxPayload: number): Accept {
  const sockets = new WebSocketServer({ noServer: true, maxPayload });
  const answers = new WeakMap<IncomingMessage, string[]>();
  sockets.on('headers', (headers: string[], request: IncomingMessage) =>
    answers.set(request, [...headers]),
  );
  return (request, socket, head, opened) =>
    sockets.handleUpgrade(request, socket, head, (ws) => opened(ws, answers.get(request) ?? []));
}

/** The validating mode's check of a message sent. */
export function checkMessage(message: streaming.ServerMessage): void {
  const result = validateServerMessage(message);
  if (!result.valid) {
    throw new StreamMessageViolation(
      `${JSON.stringify(message).slice(0, 300)}: ${result.errors.map((e) => e.message).join('; ')}`,
    );
  }
}

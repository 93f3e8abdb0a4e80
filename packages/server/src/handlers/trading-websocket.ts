import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { badRequest } from '../domain/kernel/errors.js';

/** The socket's handshake (tag Trading Websocket). A WebSocket upgrade of `/v1/api/ws` never reaches
 * the HTTP operations: the streaming server takes it from the HTTP server's `upgrade` event
 * (streaming/streaming-server.ts). What reaches this handler is a plain GET of the path, which
 * asked for no upgrade. */
export const tradingWebsocketHandlers = (
  _context: HandlerContext,
): HandlerGroup<'openWebsocket'> => ({
  openWebsocket: () => {
    throw badRequest(
      'Bad Request: the socket is opened with a WebSocket upgrade (Connection: Upgrade, Upgrade: websocket)',
    );
  },
});

import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/** A close for `listener` that stops accepting connections at once, lets requests in flight
 * finish, and then ends their keep-alive connections instead of waiting for them to idle out. */
export function gracefulClose(listener: HttpServer, graceMs: number): () => Promise<void> {
  let closing = false;
  const inFlight = new Set<ServerResponse>();
  listener.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (closing) response.setHeader('connection', 'close');
    inFlight.add(response);
    response.on('close', () => inFlight.delete(response));
  });
  return () =>
    new Promise((resolve, reject) => {
      closing = true;
      for (const response of inFlight) {
        if (!response.headersSent) response.setHeader('connection', 'close');
      }
      const force = setTimeout(() => listener.closeAllConnections(), graceMs);
      force.unref();
      listener.close((error) => {
        clearTimeout(force);
        if (error) reject(error);
        else resolve();
      });
      listener.closeIdleConnections();
    });
}

/** On the first SIGINT or SIGTERM, closes `running` and exits: 0 once it closed, 1 if it failed. */
export function closeOnSignals(running: { logger: Logger; close(): Promise<void> }): void {
  const stop = (signal: NodeJS.Signals) => {
    running.logger.info(
      { signal },
      'shutting down: no new connections, finishing requests in flight',
    );
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

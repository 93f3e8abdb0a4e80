import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { CliOptions } from './options.js';
import { gracefulClose } from './shutdown.js';
import { selfSignedCertificate } from './tls.js';

/** What every command that listens answers once it does. */
export interface Running {
  listener: HttpServer;
  /** `http(s)://host:port`. */
  url: string;
  options: CliOptions;
  logger: Logger;
  /** Stops accepting connections and resolves once in-flight requests have finished. */
  close(): Promise<void>;
}

/** Listens with `handler` on the options' host and port (HTTPS with a self-signed certificate
 * under `--tls`); answers the listener, its URL and its graceful close. */
export async function listen(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  options: Pick<CliOptions, 'host' | 'port' | 'tls' | 'shutdownGrace'>,
): Promise<Pick<Running, 'listener' | 'url' | 'close'>> {
  const listener: HttpServer = options.tls
    ? (createHttpsServer(
        await selfSignedCertificate(options.host),
        handler,
      ) as unknown as HttpServer)
    : createHttpServer(handler);
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(options.port, options.host, () => {
      listener.off('error', reject);
      resolve();
    });
  });
  const { port } = listener.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `${options.tls ? 'https' : 'http'}://${host}:${port}`;
  return { listener, url, close: gracefulClose(listener, options.shutdownGrace) };
}

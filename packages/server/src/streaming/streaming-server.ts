import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { streaming } from '@brokerage/types';
import { validateServerMessage } from '@brokerage/validators';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Session } from '../domain/auth/sessions.js';
import { DomainError } from '../domain/kernel/errors.js';
import type { ServerServices } from '../services.js';
import { resolveSession, type SessionGateOptions } from '../http/session-gate.js';
import { StreamConnection, type StreamContext, type StreamSettings } from './connection.js';
import { defaultOutboxLimits } from './outbox.js';
import { closeCodes } from './stream-texts.js';

/** The socket's path, beside the HTTP operations under `/v1/api`. */
export const streamPath = '/v1/api/ws';

export const defaultStreamSettings: StreamSettings = {
  heartbeatMs: 10_000,
  ticTimeoutMs: 120_000,
  outbox: defaultOutboxLimits,
};

export interface StreamingOptions extends Partial<StreamSettings> {
  /** Check every message sent against the streaming document and throw on one that breaks it
   * (tests); off by default. */
  validateMessages?: boolean;
}

/** Thrown in the validating mode for a message the streaming document does not describe. */
export class StreamMessageViolation extends Error {
  override name = 'StreamMessageViolation';
}

function checkMessage(message: streaming.ServerMessage): void {
  const result = validateServerMessage(message);
  if (!result.valid) {
    throw new StreamMessageViolation(
      `${JSON.stringify(message).slice(0, 300)}: ${result.errors.map((e) => e.message).join('; ')}`,
    );
  }
}

/** How the upgrade request authenticates: a session, none yet (the client may send
 * `{"session": ...}`), or refused (credentials that name no live session). */
type Admission = { session: Session | undefined } | { refused: true };

/** The WebSocket `/v1/api/ws` of one brokerage: sockets authenticated like the HTTP operations,
 * fed from the domain's event bus. */
export class StreamingServer {
  readonly #connections = new Set<StreamConnection>();
  readonly #sockets = new WebSocketServer({ noServer: true });
  readonly #context: StreamContext;

  constructor(
    private readonly services: ServerServices,
    private readonly gate: SessionGateOptions,
    options: StreamingOptions = {},
  ) {
    const { validateMessages, ...settings } = options;
    this.#context = {
      services,
      settings: { ...defaultStreamSettings, ...settings },
      check: validateMessages === true ? checkMessage : undefined,
    };
    services.brokerage.events.subscribe((event) => {
      for (const connection of this.#connections)
        guarded(connection, () => connection.onEvent(event));
    });
  }

  /** Open sockets. */
  get size(): number {
    return this.#connections.size;
  }

  /** Serves the socket on the HTTP server's upgrades (the same host and port). */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      // A failure of the lookup itself (not a refusal) must not leave the request hanging.
      this.#upgrade(request, socket, head).catch(() =>
        refuse(socket, 500, 'Internal Server Error'),
      );
    });
  }

  /** Closes every socket. */
  close(): void {
    for (const connection of [...this.#connections]) connection.close(closeCodes.shutdown);
  }

  async #upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== streamPath) {
      refuse(socket, 404, 'Not Found');
      return;
    }
    const admission = await this.#admit(request, url);
    if ('refused' in admission) {
      refuse(socket, 401, 'Unauthorized');
      return;
    }
    this.#sockets.handleUpgrade(request, socket, head, (ws) => this.#open(ws, admission.session));
  }

  #open(ws: WebSocket, session: Session | undefined): void {
    const connection = new StreamConnection(ws, this.#context, (closed) =>
      this.#connections.delete(closed),
    );
    this.#connections.add(connection);
    ws.on('message', (data) => guarded(connection, () => connection.receive(String(data))));
    ws.on('close', () => connection.closed());
    ws.on('error', () => connection.closed());
    if (session) connection.authenticate(session);
  }

  /** The query's tokens (`oauth_token`, `bearer_token`), then the HTTP operations' own lookup
   * (the `api` cookie, signed or bearer authorization, the gateway's session). */
  async #admit(request: IncomingMessage, url: URL): Promise<Admission> {
    const { oauth1, sso } = this.services;
    const given = credentialsGiven(request, url);
    if (!given && this.gate.mode === 'hosted') return { session: undefined };
    try {
      const oauthToken = url.searchParams.get('oauth_token');
      if (oauthToken !== null) {
        const session = oauth1.sessionOfAccessToken(oauthToken);
        return session ? { session } : { refused: true };
      }
      const bearerToken = url.searchParams.get('bearer_token');
      if (bearerToken !== null) return { session: await sso.sessionOfToken(bearerToken) };
      const session = await resolveSession(
        {
          method: 'GET',
          url: request.url ?? streamPath,
          headers: request.headers,
          ip: request.socket.remoteAddress,
        },
        this.gate,
      );
      return { session };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // The gateway without its session: the client may still name one.
      return given ? { refused: true } : { session: undefined };
    }
  }
}

/** Runs a socket's work so that its failure ends the socket, not the request that published the
 * event (nor the process); a message the document does not describe still throws (tests). */
function guarded(connection: StreamConnection, run: () => void): void {
  try {
    run();
  } catch (error) {
    if (error instanceof StreamMessageViolation) throw error;
    connection.close(closeCodes.internalError);
  }
}

const credentialsGiven = (request: IncomingMessage, url: URL) =>
  request.headers.cookie?.includes('api=') === true ||
  request.headers.authorization !== undefined ||
  url.searchParams.has('oauth_token') ||
  url.searchParams.has('bearer_token');

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

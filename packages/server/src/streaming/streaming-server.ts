import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Session } from '../domain/accounts/sessions.js';
import { DomainError, unauthorized } from '../domain/kernel/errors.js';
import { defaultMarketDataLifetimeMs } from '../domain/market-data/stream-lifetime.js';
import type { Services } from '../domain/services.js';
import { refuseBoxed, resolveSession, type SessionGateOptions } from '../http/session-gate.js';
import { defaultSocketLimits, type StreamContext, type StreamSettings } from './stream-settings.js';
import { defaultOutboxLimits } from './outbox.js';
import { closeCodes } from './stream-texts.js';
import type { Accept, StreamConnection } from './sockets.js';
import { StreamMessageViolation } from './stream-violation.js';

export { StreamMessageViolation };

/** The socket's path, beside the HTTP operations under `/v1/api`. */
export const streamPath = '/v1/api/ws';

export const defaultStreamSettings: StreamSettings = {
  heartbeatMs: 10_000,
  ticTimeoutMs: 120_000,
  outbox: defaultOutboxLimits,
  limits: defaultSocketLimits,
  marketDataLifetimeMs: defaultMarketDataLifetimeMs,
};

export interface StreamingOptions extends Partial<StreamSettings> {
  /** Check every message sent against the streaming document and throw on one that breaks it
   * (tests); off by default. */
  validateMessages?: boolean;
}

/** What the socket side (`sockets.ts`) gives a streaming server. */
interface SocketSide {
  accept: Accept;
  Connection: typeof StreamConnection;
}

/** How the upgrade request authenticates: a session, none yet (the client may send
 * `{"session": ...}`), or refused (credentials that name no live session). */
type Admission = { session: Session | undefined } | { refused: Refusal };

/** Told of each socket as it opens, before its first frame (`--record`), with the headers of
 * the upgrade's answer (`HTTP/1.1 101 ...` first). */
export type SocketObserver = (request: IncomingMessage, ws: WebSocket, answer: string[]) => void;

interface Refusal {
  status: number;
  retryAfterSeconds?: number | undefined;
}

/** The WebSocket `/v1/api/ws` of one brokerage: sockets authenticated like the HTTP operations,
 * fed from the domain's event bus. */
export class StreamingServer {
  readonly #connections = new Set<StreamConnection>();
  readonly #context: StreamContext;
  readonly #validateMessages: boolean;
  /** The socket side (`sockets.ts`), loaded with the first upgrade admitted. */
  #sockets: Promise<SocketSide> | undefined;

  /** `clientAddress`: the address a request came from (the client's behind a trusted proxy). */
  constructor(
    private readonly services: Services,
    private readonly gate: SessionGateOptions,
    options: StreamingOptions = {},
    private readonly clientAddress: (request: IncomingMessage) => string = (request) =>
      request.socket.remoteAddress ?? 'unknown',
  ) {
    const { validateMessages, ...settings } = options;
    this.#context = {
      services,
      settings: { ...defaultStreamSettings, ...settings },
      // Set with the socket side, before any socket opens.
      check: undefined,
    };
    this.#validateMessages = validateMessages === true;
    // Once the unit that published it committed: a socket hears nothing of an attempt that lost.
    services.brokerage.events.subscribeCommitted((event) => {
      for (const connection of this.#connections)
        guarded(connection, () => connection.onEvent(event));
    });
  }

  /** Open sockets. */
  get size(): number {
    return this.#connections.size;
  }

  /** Serves the socket on the HTTP server's upgrades (the same host and port); `observe` is told
   * of each socket that opens. */
  attach(server: Server, observe?: SocketObserver): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      // A failure of the lookup itself (not a refusal) must not leave the request hanging.
      this.#upgrade(request, socket, head, observe).catch(() => refuse(socket, { status: 500 }));
    });
  }

  /** Closes every socket. */
  close(): void {
    for (const connection of [...this.#connections]) connection.close(closeCodes.shutdown);
  }

  async #upgrade(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    observe: SocketObserver | undefined,
  ): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== streamPath) {
      refuse(socket, { status: 404 });
      return;
    }
    const address = this.clientAddress(request);
    const admission = await this.#admit(request, url, address);
    if ('refused' in admission) {
      refuse(socket, admission.refused);
      return;
    }
    const { accept, Connection } = await this.#loadSockets();
    accept(request, socket, head, (ws, answer) => {
      observe?.(request, ws, answer);
      this.#open(Connection, ws, admission.session, address);
    });
  }

  #loadSockets(): Promise<SocketSide> {
    this.#sockets ??= import('./sockets.js').then((loaded) => {
      if (this.#validateMessages) this.#context.check = loaded.checkMessage;
      return {
        accept: loaded.socketServer(this.#context.settings.limits.maxFrameBytes),
        Connection: loaded.StreamConnection,
      };
    });
    return this.#sockets;
  }

  #open(
    Connection: typeof StreamConnection,
    ws: WebSocket,
    session: Session | undefined,
    address: string,
  ): void {
    const { throttle } = this.gate;
    const { sessions } = this.services.brokerage;
    // The `{"session": ...}` message: counted like every other credential.
    const admit = (sessionId: string) => {
      // A boxed user's session is refused (the socket closes with 1013), as its requests are.
      const lookup = () => {
        const named = sessions.require(sessionId);
        refuseBoxed(named, this.services.brokerage);
        return named;
      };
      return throttle
        ? throttle.check({ address, credential: sessionId }, lookup)
        : Promise.resolve().then(lookup);
    };
    const connection = new Connection(ws, this.#context, admit, (closed) =>
      this.#connections.delete(closed),
    );
    this.#connections.add(connection);
    ws.on('message', (data) => guarded(connection, () => connection.receive(String(data))));
    ws.on('close', () => connection.closed());
    ws.on('error', () => connection.closed());
    if (session) connection.authenticate(session);
  }

  /** The query's tokens (`oauth_token`, `bearer_token`), then the HTTP operations' own lookup
   * (the `api` cookie, signed or bearer authorization, the gateway's session); every failure
   * counted by the throttle, as on HTTP. */
  async #admit(request: IncomingMessage, url: URL, address: string): Promise<Admission> {
    const given = credentialsGiven(request, url);
    if (!given && this.gate.mode === 'hosted') return { session: undefined };
    try {
      const session = await this.#lookUp(request, url, address);
      // The upgrade is a request of the user: the penalty box refuses it, as it refuses the
      // user's HTTP requests (429, Retry-After the seconds left).
      refuseBoxed(session, this.services.brokerage);
      return { session };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.kind === 'rateLimited')
        return { refused: { status: 429, retryAfterSeconds: error.retryAfterSeconds } };
      // The gateway without its session: the client may still name one.
      return given ? { refused: { status: 401 } } : { session: undefined };
    }
  }

  async #lookUp(request: IncomingMessage, url: URL, address: string): Promise<Session> {
    const { oauth1, sso } = this.services;
    const { throttle } = this.gate;
    const token = url.searchParams.get('oauth_token') ?? url.searchParams.get('bearer_token');
    if (token === null) {
      const headers = request.headers;
      const gateRequest = { method: 'GET', url: request.url ?? streamPath, headers, ip: address };
      return resolveSession(gateRequest, this.gate);
    }
    const lookup = async () => {
      if (url.searchParams.has('bearer_token')) return sso.sessionOfToken(token);
      const session = oauth1.sessionOfAccessToken(token);
      if (!session) throw unauthorized('unknown access token');
      return session;
    };
    return throttle ? throttle.check({ address, credential: token }, lookup) : lookup();
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

const reasons: Record<number, string> = {
  401: 'Unauthorized',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** Answers the upgrade request with an HTTP status instead (429 with `Retry-After`). */
function refuse(socket: Duplex, refusal: Refusal): void {
  const { status, retryAfterSeconds } = refusal;
  const retry = retryAfterSeconds === undefined ? '' : `Retry-After: ${retryAfterSeconds}\r\n`;
  socket.end(
    `HTTP/1.1 ${status} ${reasons[status]}\r\n${retry}Connection: close\r\nContent-Length: 0\r\n\r\n`,
  );
}

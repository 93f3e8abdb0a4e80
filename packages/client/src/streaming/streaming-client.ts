import type { streaming } from '@brokerage/types';
import { systemClock, type Clock } from '../clock.js';
import { MessageQueue } from './message-queue.js';
import { topics, type TopicArgs, type TopicMessages, type TopicName } from './topics.js';

type ServerMessage = streaming.ServerMessage;

/** The standard WebSocket API as the client uses it: browsers' and Node 22's global, or the
 * `ws` package's class (Node 20 has none without a flag). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<unknown> | null;
}

/** An event handler, its event compared both ways (as methods are), so that the handlers of
 * richer event types (`ws`'s, the DOM's) fit. */
type Handler<Event> = { handle(event: Event): void }['handle'];

/** `new WebSocket(url)`; the third argument reaches the `ws` package only (headers such as the
 * `api` cookie, which a browser sends by itself). */
export type WebSocketConstructor = new (
  url: string,
  protocols?: string | string[],
  options?: { headers?: Record<string, string> },
) => WebSocketLike;

type Secret = string | (() => string | Promise<string>);

export interface ReconnectOptions {
  /** The first wait after a lost connection (default 1 s); it doubles at every failed attempt. */
  initialDelayMs: number;
  /** The longest wait (default 30 s). */
  maxDelayMs: number;
}

export interface StreamingClientOptions {
  /** The socket's address (`wss://localhost:5000/v1/api/ws`), or the HTTP base URL
   * (`https://localhost:5000`, `/v1/api/ws` is added). */
  url: string;
  /** The WebSocket class; default the global one (browsers, Node 22). On Node 20 pass the `ws`
   * package's. */
  WebSocket?: WebSocketConstructor;
  /** The session id (the ping's `session`), sent as `{"session": ...}` when the socket opens:
   * how a client that cannot set cookies authenticates. `sessionOf(client)` reads it from the
   * HTTP client, whatever its auth. Read again at every reconnection. */
  session?: Secret;
  /** Headers of the upgrade request (`ws` only), e.g. `{ cookie: 'api=...' }`. */
  headers?: Record<string, string>;
  /** Hosted modes: `oauth_token` (OAuth 1.0a access token) or `bearer_token` in the query. */
  oauthToken?: Secret;
  bearerToken?: Secret;
  /** `tic` interval (default 60 s: the service drops a socket that stops sending it). */
  ticIntervalMs?: number;
  /** The service ends a market-data subscription 15 minutes after it was sent: the client sends
   * each one again this often (default 10 minutes); `false` leaves them to end. */
  renewMarketDataMs?: number | false;
  /** Reconnection after a lost socket; `false` turns it off. */
  reconnect?: Partial<ReconnectOptions> | false;
  clock?: Clock;
}

/** An error message the service sent for a subscription. */
export class StreamError extends Error {
  override name = 'StreamError';
  constructor(
    readonly topic: string,
    message: string,
  ) {
    super(message);
  }
}

/** A subscription's messages, as an async iterator; leaving the loop (or `unsubscribe`) stops it. */
export interface Subscription<Message> extends AsyncIterableIterator<Message> {
  unsubscribe(): void;
}

interface Open {
  topic: string;
  frame: string;
  stop: (serverId: string | undefined) => string;
  queue: MessageQueue<ServerMessage>;
  /** What the subscription yields of a message of its topic. */
  view: (message: ServerMessage) => ServerMessage;
  serverId: string | undefined;
  /** Sent again before the service ends it (market data). */
  renews: boolean;
}

const OPEN = 1;

/** Closed by `close()`: no reconnection. */
const closedByClient = 1000;

/** The brokerage's WebSocket with typed subscriptions: `subscribe('marketData', conid, fields)`
 * answers an async iterator of `smd` messages. It sends `tic`, and after a lost connection
 * reconnects with exponential backoff and subscribes again to what was open. */
export class StreamingClient {
  readonly #options: StreamingClientOptions;
  readonly #clock: Clock;
  readonly #open = new Set<Open>();
  readonly #all = new Set<MessageQueue<ServerMessage>>();
  #socket: WebSocketLike | undefined;
  /** A connection is being made (its address and session being read). */
  #connecting = false;
  #attempt = 0;
  #closed = false;
  #cancelTic: () => void = () => undefined;
  #cancelRenewal: () => void = () => undefined;
  #cancelReconnect: () => void = () => undefined;
  /** The subscriptions were answered `waiting for session` (or `sts` said the brokerage session
   * is not open): they are sent again when `sts` says it is. */
  #awaitingBrokerage = false;
  /** Each `echo()` waiting for the service's `ech+hb`. */
  readonly #echoes: { resolve: () => void; reject: (error: Error) => void }[] = [];

  constructor(options: StreamingClientOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
  }

  /** Opens the socket (`subscribe` does it too). */
  connect(): void {
    if (this.#socket || this.#connecting || this.#closed) return;
    this.#connecting = true;
    void this.#connect().finally(() => {
      this.#connecting = false;
    });
  }

  /** Every message the socket receives, subscribed or not (`system`, `sts`, `ntf`, ...). */
  messages(): AsyncIterableIterator<ServerMessage> {
    const queue = new MessageQueue<ServerMessage>(() => this.#all.delete(queue));
    this.#all.add(queue);
    this.connect();
    return queue;
  }

  subscribe<Name extends TopicName>(
    name: Name,
    ...args: TopicArgs<Name>
  ): Subscription<TopicMessages[Name]> {
    const topic = topics[name] as unknown as {
      subscribe(...a: unknown[]): string;
      unsubscribe(a: unknown[], serverId: string | undefined): string;
      topic(...a: unknown[]): string;
      view?(a: unknown[], message: ServerMessage): ServerMessage;
    };
    const open: Open = {
      topic: topic.topic(...args),
      frame: topic.subscribe(...args),
      stop: (serverId) => topic.unsubscribe(args, serverId),
      queue: new MessageQueue(() => this.#stop(open)),
      view: (message) => topic.view?.(args, message) ?? message,
      serverId: undefined,
      renews: name === 'marketData',
    };
    this.#open.add(open);
    this.connect();
    if (this.#socket?.readyState === OPEN) this.#socket.send(open.frame);
    const queue = open.queue as unknown as MessageQueue<TopicMessages[Name]>;
    return Object.assign(queue, { unsubscribe: () => void queue.return() });
  }

  /** Sends `ech+hb` and resolves when the service echoes it: the socket is alive both ways. */
  echo(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.#socket?.readyState !== OPEN) {
        reject(new Error('The socket is not open'));
        return;
      }
      this.#echoes.push({ resolve, reject });
      this.#socket.send(echoFrame);
    });
  }

  /** Closes the socket for good and ends every iterator. */
  close(): void {
    this.#closed = true;
    this.#cancelTic();
    this.#cancelRenewal();
    this.#cancelReconnect();
    this.#socket?.close(closedByClient, 'client closing');
    this.#socket = undefined;
    for (const open of this.#open) open.queue.end();
    for (const queue of this.#all) queue.end();
    this.#open.clear();
    this.#all.clear();
  }

  #stop(open: Open): void {
    if (!this.#open.delete(open)) return;
    if (this.#socket?.readyState === OPEN) this.#socket.send(open.stop(open.serverId));
  }

  async #connect(): Promise<void> {
    const { WebSocket = globalThis.WebSocket as unknown as WebSocketConstructor } = this.#options;
    if (typeof WebSocket !== 'function') {
      throw new TypeError('No WebSocket class: pass `WebSocket` (the ws package on Node 20)');
    }
    const url = await this.#url();
    const session =
      this.#options.session === undefined ? undefined : await read(this.#options.session);
    if (this.#closed) return;
    const headers = this.#options.headers;
    const socket = headers ? new WebSocket(url, [], { headers }) : new WebSocket(url);
    this.#socket = socket;
    socket.onopen = () => {
      this.#attempt = 0;
      // A new socket sends every subscription below: the brokerage's state starts afresh.
      this.#awaitingBrokerage = false;
      if (session !== undefined) socket.send(JSON.stringify({ session }));
      for (const open of this.#open) socket.send(open.frame);
      this.#tic(socket);
      this.#renew(socket);
    };
    socket.onmessage = (event) => this.#receive(String(event.data));
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.#socket !== socket) return;
      this.#socket = undefined;
      this.#cancelTic();
      this.#cancelRenewal();
      for (const echo of this.#echoes.splice(0)) echo.reject(new Error('The socket closed'));
      this.#scheduleReconnect();
    };
  }

  async #url(): Promise<string> {
    const base = this.#options.url.replace(/^http/, 'ws').replace(/\/+$/, '');
    const url = new URL(base.endsWith('/v1/api/ws') ? base : `${base}/v1/api/ws`);
    const { oauthToken, bearerToken } = this.#options;
    if (oauthToken !== undefined) url.searchParams.set('oauth_token', await read(oauthToken));
    if (bearerToken !== undefined) url.searchParams.set('bearer_token', await read(bearerToken));
    return url.toString();
  }

  #tic(socket: WebSocketLike): void {
    this.#cancelTic = this.#clock.schedule(this.#options.ticIntervalMs ?? 60_000, () => {
      if (socket.readyState !== OPEN) return;
      socket.send('tic');
      this.#tic(socket);
    });
  }

  /** A subscription answered `waiting for session` is not kept by the service: once `sts` says
   * the brokerage session is open (after `ssodh/init`), every open subscription is sent again. */
  #followBrokerage(message: ServerMessage): void {
    if ('message' in message && message.message === waitingForSession) {
      this.#awaitingBrokerage = true;
      return;
    }
    if (!('topic' in message) || message.topic !== 'sts' || !('args' in message)) return;
    const { authenticated } = message.args;
    if (authenticated === false) this.#awaitingBrokerage = true;
    if (authenticated !== true || !this.#awaitingBrokerage) return;
    this.#awaitingBrokerage = false;
    for (const open of this.#open) this.#socket?.send(open.frame);
  }

  /** Sends each market-data subscription again before the service ends it. */
  #renew(socket: WebSocketLike): void {
    const every = this.#options.renewMarketDataMs ?? defaultRenewMarketDataMs;
    if (every === false) return;
    this.#cancelRenewal = this.#clock.schedule(every, () => {
      if (socket.readyState !== OPEN) return;
      for (const open of this.#open) if (open.renews) socket.send(open.frame);
      this.#renew(socket);
    });
  }

  #scheduleReconnect(): void {
    const reconnect = this.#options.reconnect;
    if (this.#closed || reconnect === false) return;
    const initial = reconnect?.initialDelayMs ?? 1000;
    const delay = Math.min(reconnect?.maxDelayMs ?? 30_000, initial * 2 ** this.#attempt);
    this.#attempt++;
    this.#cancelReconnect = this.#clock.schedule(delay, () => this.connect());
  }

  #receive(data: string): void {
    if (data === echoFrame) {
      for (const echo of this.#echoes.splice(0)) echo.resolve();
      return;
    }
    let message: ServerMessage;
    try {
      message = JSON.parse(data) as ServerMessage;
    } catch {
      return;
    }
    for (const queue of this.#all) queue.push(message);
    this.#followBrokerage(message);
    const topic = 'topic' in message ? message.topic : undefined;
    if (topic === undefined) return;
    for (const open of this.#open) {
      if (open.topic !== topic) continue;
      if ('error' in message) {
        open.queue.fail(new StreamError(topic, String(message.error)));
        this.#open.delete(open);
        continue;
      }
      if ('serverId' in message && typeof message.serverId === 'string')
        open.serverId = message.serverId;
      open.queue.push(open.view(message));
    }
  }
}

const waitingForSession = 'waiting for session';

/** Within the service's 15 minutes, with room for a slow round trip. */
const defaultRenewMarketDataMs = 10 * 60_000;

/** The echo heartbeat, sent and echoed as text. */
const echoFrame = 'ech+hb';

const read = async (secret: Secret) => (typeof secret === 'function' ? secret() : secret);

/** The streaming client of a brokerage. */
export function createStreamingClient(options: StreamingClientOptions): StreamingClient {
  return new StreamingClient(options);
}

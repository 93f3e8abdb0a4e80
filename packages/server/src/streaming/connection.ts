// One client's WebSocket: its frames, its session, its rate and its heartbeat; each topic's
// subscriptions are an object of topics/.
import type { streaming } from '@brokerage/types';
import { accountsList } from '../domain/accounts/accounts.js';
import type { Session } from '../domain/accounts/sessions.js';
import { badRequest, DomainError } from '../domain/kernel/errors.js';
import { marketDataLifetimeMs } from '../domain/market-data/stream-lifetime.js';
import { isNoticeEvent, type DomainEvent } from '../domain/kernel/events.js';
import { notificationText } from '../domain/notifications/notification-texts.js';
import { parseFrame, type Frame } from './frames.js';
import { echoText, Outbox, type OutgoingFrame, type StreamSocket } from './outbox.js';
import { closeCodes, streamTexts } from './stream-texts.js';
import type { StreamContext } from './stream-settings.js';
import * as views from './stream-views.js';
import { AccountValuesTopic } from './topics/account-values-topic.js';
import { HistoryTopic } from './topics/history-topic.js';
import { MarketDataTopic } from './topics/market-data-topic.js';
import { OrdersTopic } from './topics/orders-topic.js';
import { PnlTopic } from './topics/pnl-topic.js';
import { PriceLadderTopic } from './topics/price-ladder-topic.js';
import type { FrameHandler, Topic, TopicSocket } from './topics/topic.js';
import { TradesTopic } from './topics/trades-topic.js';

/** One socket: its session (once authenticated), its topics' subscriptions (each keeping the last
 * values it sent, so that updates carry only what changed), its heartbeats and `tic` deadline. */
export class StreamConnection {
  #session: Session | undefined;
  readonly #outbox: Outbox;
  /** In the order a domain event reaches them (a price: market data, then ladders; an execution:
   * trades, then profit and loss, then account values). */
  readonly #topics: readonly Topic[];
  /** Each subscribe or unsubscribe frame's topic handler. */
  readonly #handlers: Partial<Record<streaming.ClientMessageName, FrameHandler>>;
  #lastTic: number;
  #cancelBeat: () => void = () => undefined;
  #open = true;
  /** The frames received in the current window of the message rate. */
  #received = { since: 0, count: 0 };
  /** Frames received while a `{"session": ...}` message is being looked up: a client sends its
   * subscriptions right after it, without waiting, so they wait for the session here (bounded by
   * the message rate) instead of being answered "waiting for session" and lost. */
  #awaitingSession: string[] | undefined;

  /** `admit`: the session a `{"session": ...}` message names, through the lookup throttle. */
  constructor(
    socket: StreamSocket,
    private readonly context: StreamContext,
    private readonly admit: (sessionId: string) => Promise<Session>,
    private readonly onClose: (connection: StreamConnection) => void,
  ) {
    this.#outbox = new Outbox(socket, context.settings.outbox);
    const topicSocket: TopicSocket = {
      services: context.services,
      now: () => this.#now(),
      send: (message) => this.#send(message),
      roomFor: (renewing) => this.#roomFor(renewing),
      schedule: (ms, work) => this.#brokerage.clock.schedule(ms, work),
    };
    this.#topics = [
      new MarketDataTopic(topicSocket, () =>
        marketDataLifetimeMs(this.#brokerage.store, context.settings.marketDataLifetimeMs),
      ),
      new PriceLadderTopic(topicSocket),
      new OrdersTopic(topicSocket),
      new TradesTopic(topicSocket),
      new PnlTopic(topicSocket),
      new AccountValuesTopic(topicSocket),
      new HistoryTopic(topicSocket),
    ];
    this.#handlers = Object.assign({}, ...this.#topics.map((topic) => topic.frames));
    this.#lastTic = this.#now();
    this.#beat();
  }

  /** The socket's session as it is stored now: sessions are values, each change a new record. */
  get session(): Session | undefined {
    const held = this.#session;
    return held && this.context.services.brokerage.sessions.current(held);
  }

  /** Ties the socket to a live session: `sts`, the greeting and the accounts. */
  authenticate(session: Session): void {
    this.#session = session;
    const { brokerage } = this.context.services;
    this.#send(views.status(session, session.brokerageOpen));
    this.#send(views.greeting(session));
    this.#send(views.accounts(accountsList(brokerage, session)));
  }

  close(code: { code: number; reason: string }): void {
    if (!this.#open) return;
    this.#open = false;
    this.#stop();
    this.#outbox.close(code);
    this.onClose(this);
  }

  /** The socket closed from the other side. */
  closed(): void {
    if (!this.#open) return;
    this.#open = false;
    this.#stop();
    this.onClose(this);
  }

  /** Cancels what the socket and its topics scheduled. */
  #stop(): void {
    this.#cancelBeat();
    for (const topic of this.#topics) topic.close?.();
  }

  receive(text: string): void {
    if (!this.#withinRate()) {
      this.close(closeCodes.tooManyMessages);
      return;
    }
    this.#handle(text);
  }

  #handle(text: string): void {
    const parsed = parseFrame(text);
    if ('problem' in parsed) {
      this.#send(views.error('error', streamTexts.errors.badFrame(parsed.problem)));
      return;
    }
    const { frame } = parsed;
    if (frame.name === 'tic' || frame.name === 'echo') {
      this.#lastTic = this.#now();
      this.#keptAlive(frame.name);
      return;
    }
    if (frame.name === 'sessionAuth') {
      this.#authenticateBy(frame.session ?? '');
      return;
    }
    const session = this.session;
    if (!session && this.#awaitingSession) {
      this.#awaitingSession.push(text);
      return;
    }
    // No session yet, or its brokerage session is not open: nothing is kept.
    if (!session?.brokerageOpen) {
      this.#send(views.notice(streamTexts.waitingForSession));
      return;
    }
    try {
      this.#dispatch(session, frame);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // The topic of the subscription's messages, so that its client can tell which one failed.
      this.#send(views.error([frame.topic, ...frame.target].join('+'), error.message));
    }
  }

  /** A domain event: what it changes in this socket's subscriptions. */
  onEvent(event: DomainEvent): void {
    const session = this.session;
    if (!session || !this.#open) return;
    // Events of no one user: a price, or an account's cash moved by the banking side.
    if (event.type === 'priceChanged' || event.type === 'accountChanged') {
      for (const topic of this.#topics) topic.onEvent?.(session, event);
      return;
    }
    if (event.type === 'bulletinPosted') {
      this.#send(views.bulletin(event.id, event.message));
      return;
    }
    if (event.username !== session.username) return;
    if (isNoticeEvent(event)) {
      this.#send(views.notification(notificationText(event, (conid) => this.#symbolOf(conid))));
      return;
    }
    if (event.type === 'sessionChanged') {
      if (event.sessionId !== session.id) return;
      this.#send(views.status(session, event.authenticated));
      if (event.ended) this.close(closeCodes.sessionEnded);
      return;
    }
    for (const topic of this.#topics) topic.onEvent?.(session, event);
  }

  /** `tic` is answered with the session's last access (once the socket has a session), `ech+hb`
   * with the same text. */
  #keptAlive(name: 'tic' | 'echo'): void {
    if (name === 'echo') {
      this.#send(echoText);
      return;
    }
    const session = this.session;
    if (session) this.#send(views.ticReply(session));
  }

  #authenticateBy(sessionId: string): void {
    this.#awaitingSession ??= [];
    this.admit(sessionId).then(
      (session) => {
        const waiting = this.#awaitingSession ?? [];
        this.#awaitingSession = undefined;
        if (!this.#open) return;
        if (this.#session?.id !== session.id) this.authenticate(session);
        for (const text of waiting) this.#handle(text);
      },
      (error: unknown) => {
        this.#awaitingSession = undefined;
        const throttled = error instanceof DomainError && error.kind === 'rateLimited';
        this.close(throttled ? closeCodes.tryAgainLater : closeCodes.unauthorized);
      },
    );
  }

  /** Counts a received frame; false past the message rate. */
  #withinRate(): boolean {
    const { maxMessages, messageWindowMs } = this.context.settings.limits;
    const now = this.#now();
    if (now - this.#received.since >= messageWindowMs) this.#received = { since: now, count: 0 };
    this.#received.count += 1;
    return this.#received.count <= maxMessages;
  }

  /** Throws when a new subscription (not `renewing` one held) would pass the socket's limit. */
  #roomFor(renewing: boolean): void {
    if (renewing) return;
    const held = this.#topics.reduce((sum, topic) => sum + topic.held, 0);
    const { maxSubscriptions } = this.context.settings.limits;
    if (held >= maxSubscriptions)
      throw badRequest(streamTexts.errors.tooManySubscriptions(maxSubscriptions));
  }

  /** A subscription's frame (`tic`, `ech` and `session` are handled before), to its topic. */
  #dispatch(session: Session, frame: Frame): void {
    this.#handlers[frame.name]?.(session, frame);
  }

  get #brokerage() {
    return this.context.services.brokerage;
  }

  #symbolOf(conid: number): string {
    return this.#brokerage.market.instrument(conid)?.symbol ?? String(conid);
  }

  #now(): number {
    return this.#brokerage.clock.now();
  }

  /** The heartbeat on the clock; each beat also ends a socket whose `tic`s stopped or whose
   * session ended without an event (a session the store let expire). */
  #beat(): void {
    const { heartbeatMs, ticTimeoutMs } = this.context.settings;
    this.#cancelBeat = this.#brokerage.clock.schedule(heartbeatMs, () => {
      if (!this.#open) return;
      if (this.#now() - this.#lastTic >= ticTimeoutMs) {
        this.close(closeCodes.ticTimeout);
        return;
      }
      const session = this.#session;
      if (session && !this.#brokerage.sessions.find(session.id)) {
        this.#send(views.status(session, false));
        this.close(closeCodes.sessionEnded);
        return;
      }
      this.#send(views.heartbeat(this.#now()));
      this.#beat();
    });
  }

  #send(message: OutgoingFrame): void {
    if (!this.#open) return;
    if (message !== echoText) this.context.check?.(message);
    this.#outbox.send(message);
  }
}

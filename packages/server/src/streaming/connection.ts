// One client's WebSocket: its frames, its session, its rate and its subscriptions.
// Over 300 lines: the routing of 8 topics (subscribe, event, unsubscribe) over one socket's state;
// one object per topic, which would end its switch, is the next step of issue 30.
import type { streaming } from '@brokerage/types';
import { accountsList, pnlByPartition } from '../domain/accounts/accounts.js';
import { valueAccount } from '../domain/accounts/valuation.js';
import type { Session } from '../domain/accounts/sessions.js';
import { badRequest, DomainError } from '../domain/kernel/errors.js';
import { isNoticeEvent, type DomainEvent } from '../domain/kernel/events.js';
import { notificationText } from '../domain/notifications/notification-texts.js';
import { liveOrder } from '../domain/orders/order-views.js';
import { executionById, executionsOf, tradeView } from '../domain/orders/trades.js';
import { historyView } from '../domain/market-data/market-data-views.js';
import type { Services } from '../domain/services.js';
import { parseFrame, type Frame } from './frames.js';
import { Outbox, type OutboxLimits, type StreamSocket } from './outbox.js';
import { closeCodes, streamTexts } from './stream-texts.js';
import * as views from './stream-views.js';

type Fields = Record<string, unknown>;

/** What one socket may do (docs/decisions/stream-socket-limits.md). */
export interface SocketLimits {
  /** The largest frame a client may send; a larger one closes the socket with 1009. */
  maxFrameBytes: number;
  /** Subscriptions held at once (market data, ladders, account summaries, ledgers); one more
   * is answered with an error on its topic. */
  maxSubscriptions: number;
  /** Frames a client may send within `messageWindowMs`; one more closes the socket with 1008. */
  maxMessages: number;
  messageWindowMs: number;
}

export const defaultSocketLimits: SocketLimits = {
  maxFrameBytes: 64 * 1024,
  maxSubscriptions: 100,
  maxMessages: 100,
  messageWindowMs: 1000,
};

export interface StreamSettings {
  /** The `system` heartbeat's interval (the service's: about 10 s). */
  heartbeatMs: number;
  /** A socket that sent no `tic` (or `ech+hb`) for this long is closed. */
  ticTimeoutMs: number;
  outbox: OutboxLimits;
  limits: SocketLimits;
}

/** What every connection reads: the domain's services, the clock, and an optional check of
 * every message sent (the test mode that validates against the streaming document). */
export interface StreamContext {
  services: Services;
  settings: StreamSettings;
  check: ((message: streaming.ServerMessage) => void) | undefined;
}

interface MarketDataStream {
  topic: `smd+${string}`;
  fields: string[] | undefined;
  /** The last value sent of each field. */
  sent: Fields;
}

/** One socket: its session (once authenticated), its subscriptions with the last values each
 * sent (so that updates carry only what changed), its heartbeats and `tic` deadline. */
export class StreamConnection {
  #session: Session | undefined;
  readonly #outbox: Outbox;
  readonly #marketData = new Map<number, MarketDataStream>();
  #orders: Map<number, Fields> | undefined;
  #trades = false;
  #pnl: Fields | undefined;
  /** Per account: the last values sent, and the keys asked for (all when none). */
  readonly #summaries = new Map<string, { sent: Record<string, Fields>; keys: string[] }>();
  readonly #ledgers = new Map<string, Record<string, Fields>>();
  readonly #ladders = new Map<string, { conid: number; topic: `sbd+${string}` }>();
  #historyIds = 20_000;
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
    this.#cancelBeat();
    this.#outbox.close(code);
    this.onClose(this);
  }

  /** The socket closed from the other side. */
  closed(): void {
    if (!this.#open) return;
    this.#open = false;
    this.#cancelBeat();
    this.onClose(this);
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
    if (!session) {
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
    if (event.type === 'priceChanged') {
      this.#priceChanged(session, event.conid);
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
    switch (event.type) {
      case 'orderStatusChanged':
        this.#orderChanged(session, event.orderId);
        return;
      case 'executionBooked':
        this.#executed(session, event.executionId, event.accountId);
        return;
      case 'sessionChanged':
        if (event.sessionId !== session.id) return;
        this.#send(views.status(session, event.authenticated));
        if (event.ended) this.close(closeCodes.sessionEnded);
        return;
    }
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

  /** Throws when a new subscription (`key` not yet in `kind`) would pass the socket's limit. */
  #roomFor(kind: Map<unknown, unknown>, key: unknown): void {
    if (kind.has(key)) return;
    const held =
      this.#marketData.size + this.#ladders.size + this.#summaries.size + this.#ledgers.size;
    const { maxSubscriptions } = this.context.settings.limits;
    if (held >= maxSubscriptions)
      throw badRequest(streamTexts.errors.tooManySubscriptions(maxSubscriptions));
  }

  /** A subscription's frame (`tic`, `ech` and `session` are handled before). */
  #dispatch(session: Session, frame: Frame): void {
    const [first = ''] = frame.target;
    switch (frame.name) {
      case 'subscribeMarketData':
        this.#subscribeMarketData(session, first, fieldCodes(frame.args.fields));
        return;
      case 'unsubscribeMarketData':
        this.#marketData.delete(Number(first.split('@')[0]));
        return;
      case 'subscribeOrders':
        this.#subscribeOrders(session);
        return;
      case 'unsubscribeOrders':
        this.#orders = undefined;
        return;
      case 'subscribeTrades':
        this.#subscribeTrades(session, frame.args);
        return;
      case 'unsubscribeTrades':
        this.#trades = false;
        return;
      case 'subscribePnl':
        this.#pnl = {};
        this.#sendPnl(session);
        return;
      case 'unsubscribePnl':
        this.#pnl = undefined;
        return;
      case 'subscribeAccountSummary':
        this.#brokerage.accountFor(session, first);
        this.#roomFor(this.#summaries, first);
        this.#summaries.set(first, { sent: {}, keys: stringsOf(frame.args.keys) });
        this.#sendAccountValues(first);
        return;
      case 'unsubscribeAccountSummary':
        this.#summaries.delete(first);
        return;
      case 'subscribeLedger':
        this.#brokerage.accountFor(session, first);
        this.#roomFor(this.#ledgers, first);
        this.#ledgers.set(first, {});
        this.#sendAccountValues(first);
        return;
      case 'unsubscribeLedger':
        this.#ledgers.delete(first);
        return;
      case 'subscribePriceLadder':
        this.#subscribeLadder(session, frame.target);
        return;
      case 'unsubscribePriceLadder':
        for (const [key] of this.#ladders)
          if (key.startsWith(`${first}+`)) this.#ladders.delete(key);
        return;
      case 'subscribeHistory':
        this.#sendHistory(Number(first), frame.args);
        return;
      case 'unsubscribeHistory':
        this.#send(views.notice(streamTexts.unsubscribed(first)));
        return;
    }
  }

  get #brokerage() {
    return this.context.services.brokerage;
  }

  #subscribeMarketData(session: Session, target: string, fields: string[] | undefined): void {
    const conid = Number(target.split('@')[0]);
    const entry = this.context.services.marketData.streamEntry(session, conid);
    if (!entry.subscribed) {
      this.#send(views.error(`smd+${target}`, streamTexts.errors.unknownContract(target)));
      return;
    }
    this.#roomFor(this.#marketData, conid);
    this.#marketData.set(conid, { topic: `smd+${target}`, fields, sent: {} });
    this.#priceChanged(session, conid);
  }

  #priceChanged(session: Session, conid: number): void {
    const stream = this.#marketData.get(conid);
    if (stream) {
      const now = this.#now();
      const entry = this.context.services.marketData.streamEntry(session, conid);
      const fields = views.marketDataFields(entry, stream.fields, now);
      const changed = views.changedFields(stream.sent, fields);
      Object.assign(stream.sent, changed);
      if (Object.keys(changed).length > 0)
        this.#send(views.marketData(stream.topic, conid, changed, now));
    }
    for (const [, ladder] of this.#ladders) {
      if (ladder.conid !== conid) continue;
      const entry = this.context.services.marketData.streamEntry(session, conid);
      this.#send(views.priceLadder(ladder.topic, entry));
    }
  }

  #subscribeOrders(session: Session): void {
    const orders = this.context.services.orders.list(session, undefined);
    this.#orders = new Map();
    const updates = orders.map((order) =>
      this.#orderFields(order.id, this.#orderView(session, order.id)),
    );
    this.#send(views.orderUpdates(updates.flatMap((update) => (update ? [update] : []))));
  }

  #orderView(session: Session, orderId: number): Fields {
    const order = this.context.services.orders.status(session, orderId);
    const instrument = this.#brokerage.market.instrument(order.conid);
    if (!instrument) return { acct: order.accountId, orderId };
    return views.orderUpdate(liveOrder(order, instrument));
  }

  /** The order's fields that changed since the last message (all of them the first time), with
   * the account and order id; undefined when nothing changed. */
  #orderFields(orderId: number, view: Fields): Fields | undefined {
    const sent = this.#orders;
    if (!sent) return undefined;
    const previous = sent.get(orderId);
    const changed = views.changedFields(previous, view);
    sent.set(orderId, view);
    if (previous && Object.keys(changed).length === 0) return undefined;
    return { ...changed, acct: view.acct, orderId };
  }

  #orderChanged(session: Session, orderId: number): void {
    if (!this.#orders) return;
    const update = this.#orderFields(orderId, this.#orderView(session, orderId));
    if (update) this.#send(views.orderUpdates([update]));
  }

  #subscribeTrades(session: Session, args: Fields): void {
    this.#trades = true;
    if (args.realtimeUpdatesOnly === true) return;
    const days = typeof args.days === 'number' ? args.days : 1;
    const executions = executionsOf(this.#brokerage, session, days).reverse();
    this.#send(
      views.trades(
        executions.map((execution) => views.tradeUpdate(tradeView(this.#brokerage, execution))),
      ),
    );
  }

  #executed(session: Session, executionId: string, accountId: string): void {
    const execution = executionById(this.#brokerage, executionId);
    if (this.#trades && execution) {
      const position = this.#brokerage
        .account(accountId)
        ?.positions.find((held) => held.conid === execution.conid);
      this.#send(
        views.trades([
          views.tradeUpdate(tradeView(this.#brokerage, execution), position?.quantity ?? 0),
        ]),
      );
    }
    this.#sendPnl(session);
    this.#sendAccountValues(accountId);
  }

  #sendPnl(session: Session): void {
    const sent = this.#pnl;
    if (!sent) return;
    const changed: Record<string, Fields> = {};
    for (const [partition, entry] of Object.entries(pnlByPartition(this.#brokerage, session))) {
      const fields = views.changedFields(sent[partition] as Fields | undefined, entry as Fields);
      sent[partition] = entry;
      if (Object.keys(fields).length > 0)
        changed[partition] = { ...fields, rowType: entry.rowType };
    }
    if (Object.keys(changed).length > 0) this.#send(views.pnl(changed));
  }

  #sendAccountValues(accountId: string): void {
    const summary = this.#summaries.get(accountId);
    const ledger = this.#ledgers.get(accountId);
    const account = this.#brokerage.account(accountId);
    if ((!summary && !ledger) || !account) return;
    const now = this.#now();
    const values = valueAccount(account, this.#brokerage.market);
    if (summary) {
      const all = views.accountSummaryValues(values, now);
      const asked =
        summary.keys.length === 0
          ? all
          : Object.fromEntries(Object.entries(all).filter(([key]) => summary.keys.includes(key)));
      const changed = changedEntries(summary.sent, asked, ['timestamp']);
      if (changed.length > 0) this.#send(views.accountSummary(accountId, changed));
    }
    if (ledger) {
      const changed = changedEntries(ledger, views.ledgerEntries(accountId, values, now), [
        'timestamp',
      ]);
      if (changed.length > 0) this.#send(views.ledgerUpdate(accountId, changed));
    }
  }

  #subscribeLadder(session: Session, target: string[]): void {
    const [accountId = '', conidText = ''] = target;
    this.#brokerage.accountFor(session, accountId);
    const conid = Number(conidText);
    const entry = this.context.services.marketData.streamEntry(session, conid);
    if (!entry.subscribed) {
      this.#send(
        views.error(`sbd+${target.join('+')}`, streamTexts.errors.unknownContract(conidText)),
      );
      return;
    }
    const topic = `sbd+${target.join('+')}` as const;
    this.#roomFor(this.#ladders, target.join('+'));
    this.#ladders.set(target.join('+'), { conid, topic });
    this.#send(views.priceLadder(topic, entry));
  }

  #sendHistory(conid: number, args: Fields): void {
    const period = typeof args.period === 'string' ? args.period : '1d';
    const outsideRth = args.outsideRth ?? args.outsideRTH;
    const { instrument, request, history } = this.context.services.marketData.history({
      conid,
      period,
      bar: typeof args.bar === 'string' ? args.bar : '5min',
      // Clients spell it `outsideRth` (the vendor's guide) or `outsideRTH` (ibind).
      ...(typeof outsideRth === 'boolean' ? { outsideRth } : {}),
      ...(typeof args.source === 'string' ? { source: args.source } : {}),
    });
    const serverId = this.#historyIds++;
    this.#send(views.history(conid, historyView(instrument, request, history, period, serverId)));
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

  #send(message: streaming.ServerMessage): void {
    if (!this.#open) return;
    this.context.check?.(message);
    this.#outbox.send(message);
  }
}

/** The `smd` field codes, strings or numbers as clients send them, as strings; none: all. */
const fieldCodes = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.map(String) : undefined;

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The entries whose fields changed (each with its key and what changed), ignoring `ignored`
 * fields alone; `sent` keeps the last values. */
function changedEntries(
  sent: Record<string, Fields>,
  next: Record<string, Fields>,
  ignored: string[],
): Fields[] {
  const changes: Fields[] = [];
  for (const [key, entry] of Object.entries(next)) {
    const changed = views.changedFields(sent[key], entry);
    sent[key] = entry;
    if (Object.keys(changed).some((field) => !ignored.includes(field)))
      changes.push({ ...changed, key });
  }
  return changes;
}

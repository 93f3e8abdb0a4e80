import type { Session } from '../../domain/accounts/sessions.js';
import type { DomainEvent } from '../../domain/kernel/events.js';
import type { Frame } from '../frames.js';
import { streamTexts } from '../stream-texts.js';
import * as views from '../stream-views.js';
import type { Fields, Topic, TopicSocket } from './topic.js';

interface MarketDataStream {
  topic: `smd+${string}`;
  fields: string[] | undefined;
  /** The last value sent of each field. */
  sent: Fields;
  /** Cancels the end of the subscription (none when it lasts for ever). */
  cancelEnd: () => void;
}

/** `smd`: a contract's market-data fields, each sent again only when it changed. A subscription
 * ends by itself, silently, `lifetimeMs()` after it was made; sending it again renews it (and
 * sends every field again, as a new request). */
export class MarketDataTopic implements Topic {
  readonly #streams = new Map<number, MarketDataStream>();

  /** `lifetimeMs`: the lifetime in force when a subscription is made (0: for ever). */
  constructor(
    private readonly socket: TopicSocket,
    private readonly lifetimeMs: () => number,
  ) {}

  readonly frames = {
    subscribeMarketData: (session: Session, frame: Frame) => {
      const [target = ''] = frame.target;
      this.#subscribe(session, target, fieldCodes(frame.args.fields));
    },
    unsubscribeMarketData: (_session: Session, frame: Frame) => {
      const [target = ''] = frame.target;
      this.#end(Number(target.split('@')[0]));
    },
  };

  get held(): number {
    return this.#streams.size;
  }

  onEvent(session: Session, event: DomainEvent): void {
    if (event.type === 'priceChanged') this.#priceChanged(session, event.conid);
  }

  #subscribe(session: Session, target: string, fields: string[] | undefined): void {
    const conid = Number(target.split('@')[0]);
    const entry = this.socket.services.marketData.streamEntry(session, conid);
    if (!entry.subscribed) {
      this.socket.send(views.error(`smd+${target}`, streamTexts.errors.unknownContract(target)));
      return;
    }
    const before = this.#streams.get(conid);
    this.socket.roomFor(before !== undefined);
    // While the user's snapshot fields accumulate, the stream carries every field subscribed
    // for the contract so far (the one feed of the contract and session).
    const carried = this.socket.services.marketData.streamFields(session, conid, fields, before);
    this.#end(conid);
    const lifetimeMs = this.lifetimeMs();
    const cancelEnd =
      lifetimeMs > 0 ? this.socket.schedule(lifetimeMs, () => this.#end(conid)) : () => undefined;
    this.#streams.set(conid, { topic: `smd+${target}`, fields: carried, sent: {}, cancelEnd });
    this.#priceChanged(session, conid);
  }

  /** Ends every subscription (the socket closed). */
  close(): void {
    for (const conid of [...this.#streams.keys()]) this.#end(conid);
  }

  #end(conid: number): void {
    this.#streams.get(conid)?.cancelEnd();
    this.#streams.delete(conid);
  }

  #priceChanged(session: Session, conid: number): void {
    const stream = this.#streams.get(conid);
    if (!stream) return;
    const now = this.socket.now();
    const entry = this.socket.services.marketData.streamEntry(session, conid);
    const fields = views.marketDataFields(entry, stream.fields, now);
    const changed = views.changedFields(stream.sent, fields);
    Object.assign(stream.sent, changed);
    if (Object.keys(changed).length > 0)
      this.socket.send(views.marketData(stream.topic, conid, changed, now));
  }
}

/** The `smd` field codes, strings or numbers as clients send them, as strings; none: all. */
const fieldCodes = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.map(String) : undefined;

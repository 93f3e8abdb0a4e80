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
}

/** `smd`: a contract's market-data fields, each sent again only when it changed. */
export class MarketDataTopic implements Topic {
  readonly #streams = new Map<number, MarketDataStream>();

  constructor(private readonly socket: TopicSocket) {}

  readonly frames = {
    subscribeMarketData: (session: Session, frame: Frame) => {
      const [target = ''] = frame.target;
      this.#subscribe(session, target, fieldCodes(frame.args.fields));
    },
    unsubscribeMarketData: (_session: Session, frame: Frame) => {
      const [target = ''] = frame.target;
      this.#streams.delete(Number(target.split('@')[0]));
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
    this.socket.roomFor(this.#streams.has(conid));
    this.#streams.set(conid, { topic: `smd+${target}`, fields, sent: {} });
    this.#priceChanged(session, conid);
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

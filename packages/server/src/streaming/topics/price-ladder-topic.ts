import type { Session } from '../../domain/accounts/sessions.js';
import type { DomainEvent } from '../../domain/kernel/events.js';
import type { Frame } from '../frames.js';
import { streamTexts } from '../stream-texts.js';
import * as views from '../stream-views.js';
import type { Topic, TopicSocket } from './topic.js';

/** `sbd`: an account's price ladder of a contract, sent again at each price change. */
export class PriceLadderTopic implements Topic {
  readonly #ladders = new Map<string, { conid: number; topic: `sbd+${string}` }>();

  constructor(private readonly socket: TopicSocket) {}

  readonly frames = {
    subscribePriceLadder: (session: Session, frame: Frame) =>
      this.#subscribe(session, frame.target),
    unsubscribePriceLadder: (_session: Session, frame: Frame) => {
      const [first = ''] = frame.target;
      for (const [key] of this.#ladders) if (key.startsWith(`${first}+`)) this.#ladders.delete(key);
    },
  };

  get held(): number {
    return this.#ladders.size;
  }

  onEvent(session: Session, event: DomainEvent): void {
    if (event.type !== 'priceChanged') return;
    for (const [, ladder] of this.#ladders) {
      if (ladder.conid !== event.conid) continue;
      const entry = this.socket.services.marketData.streamEntry(session, event.conid);
      this.socket.send(views.priceLadder(ladder.topic, entry));
    }
  }

  #subscribe(session: Session, target: string[]): void {
    const [accountId = '', conidText = ''] = target;
    this.socket.services.brokerage.accountFor(session, accountId);
    const conid = Number(conidText);
    const entry = this.socket.services.marketData.streamEntry(session, conid);
    if (!entry.subscribed) {
      this.socket.send(
        views.error(`sbd+${target.join('+')}`, streamTexts.errors.unknownContract(conidText)),
      );
      return;
    }
    const topic = `sbd+${target.join('+')}` as const;
    this.socket.roomFor(this.#ladders.has(target.join('+')));
    this.#ladders.set(target.join('+'), { conid, topic });
    this.socket.send(views.priceLadder(topic, entry));
  }
}

import { historyView } from '../../domain/market-data/market-data-views.js';
import type { Session } from '../../domain/accounts/sessions.js';
import type { Frame } from '../frames.js';
import { streamTexts } from '../stream-texts.js';
import * as views from '../stream-views.js';
import type { Topic, TopicSocket } from './topic.js';

/** `smh`: a contract's history bars, once per request (nothing to follow). */
export class HistoryTopic implements Topic {
  #nextServerId = 20_000;

  constructor(private readonly socket: TopicSocket) {}

  readonly frames = {
    subscribeHistory: (_session: Session, frame: Frame) => this.#send(frame),
    unsubscribeHistory: (_session: Session, { target: [first = ''] }: Frame) => {
      this.socket.send(views.notice(streamTexts.unsubscribed(first)));
    },
  };

  readonly held = 0;

  #send({ target: [first = ''], args }: Frame): void {
    const conid = Number(first);
    const period = typeof args.period === 'string' ? args.period : '1d';
    const outsideRth = args.outsideRth ?? args.outsideRTH;
    const { instrument, request, history } = this.socket.services.marketData.history({
      conid,
      period,
      bar: typeof args.bar === 'string' ? args.bar : '5min',
      // Clients spell it `outsideRth` (the vendor's guide) or `outsideRTH` (ibind).
      ...(typeof outsideRth === 'boolean' ? { outsideRth } : {}),
      ...(typeof args.source === 'string' ? { source: args.source } : {}),
    });
    const serverId = this.#nextServerId++;
    this.socket.send(
      views.history(conid, historyView(instrument, request, history, period, serverId)),
    );
  }
}

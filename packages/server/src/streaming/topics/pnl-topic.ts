import { pnlByPartition } from '../../domain/accounts/accounts.js';
import type { Session } from '../../domain/accounts/sessions.js';
import type { DomainEvent } from '../../domain/kernel/events.js';
import * as views from '../stream-views.js';
import type { Fields, Topic, TopicSocket } from './topic.js';

/** `spl`: the user's profit and loss by partition, each sent again when it changed. */
export class PnlTopic implements Topic {
  /** The last entry sent of each partition, while subscribed. */
  #sent: Fields | undefined;

  constructor(private readonly socket: TopicSocket) {}

  readonly frames = {
    subscribePnl: (session: Session) => {
      this.#sent = {};
      this.#send(session);
    },
    unsubscribePnl: () => {
      this.#sent = undefined;
    },
  };

  readonly held = 0;

  onEvent(session: Session, event: DomainEvent): void {
    if (event.type === 'executionBooked') this.#send(session);
  }

  #send(session: Session): void {
    const sent = this.#sent;
    if (!sent) return;
    const changed: Record<string, Fields> = {};
    const partitions = pnlByPartition(this.socket.services.brokerage, session);
    for (const [partition, entry] of Object.entries(partitions)) {
      const fields = views.changedFields(sent[partition] as Fields | undefined, entry as Fields);
      sent[partition] = entry;
      if (Object.keys(fields).length > 0)
        changed[partition] = { ...fields, rowType: entry.rowType };
    }
    if (Object.keys(changed).length > 0) this.socket.send(views.pnl(changed));
  }
}

import type { Session } from '../../domain/accounts/sessions.js';
import type { DomainEvent } from '../../domain/kernel/events.js';
import { executionById, tradeView } from '../../domain/orders/trades.js';
import type { Frame } from '../frames.js';
import * as views from '../stream-views.js';
import type { Topic, TopicSocket } from './topic.js';

/** `str`: the user's executions of the last days, then each new one. */
export class TradesTopic implements Topic {
  #subscribed = false;

  constructor(private readonly socket: TopicSocket) {}

  readonly frames = {
    subscribeTrades: (session: Session, frame: Frame) => this.#subscribe(session, frame),
    unsubscribeTrades: () => {
      this.#subscribed = false;
    },
  };

  readonly held = 0;

  onEvent(_session: Session, event: DomainEvent): void {
    if (event.type !== 'executionBooked' || !this.#subscribed) return;
    const { brokerage } = this.socket.services;
    const execution = executionById(brokerage.store, event.executionId);
    if (!execution) return;
    const position = brokerage
      .account(event.accountId)
      ?.positions.find((held) => held.conid === execution.conid);
    this.socket.send(
      views.trades([views.tradeUpdate(tradeView(brokerage, execution), position?.quantity ?? 0)]),
    );
  }

  #subscribe(session: Session, { args }: Frame): void {
    this.#subscribed = true;
    if (args.realtimeUpdatesOnly === true) return;
    const { brokerage, orders } = this.socket.services;
    const days = typeof args.days === 'number' ? args.days : 1;
    const executions = orders.executions(session, days).reverse();
    this.socket.send(
      views.trades(
        executions.map((execution) => views.tradeUpdate(tradeView(brokerage, execution))),
      ),
    );
  }
}

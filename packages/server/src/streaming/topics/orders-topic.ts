import type { Session } from '../../domain/accounts/sessions.js';
import type { DomainEvent } from '../../domain/kernel/events.js';
import type { Order } from '../../domain/orders/model.js';
import { liveOrder } from '../../domain/orders/order-views.js';
import * as views from '../stream-views.js';
import type { Fields, Topic, TopicSocket } from './topic.js';

/** `sor`: the user's live orders, then each order's fields that changed. */
export class OrdersTopic implements Topic {
  /** The last view sent of each order, while subscribed. */
  #sent: Map<number, Fields> | undefined;

  constructor(private readonly socket: TopicSocket) {}

  readonly frames = {
    subscribeOrders: (session: Session) => this.#subscribe(session),
    unsubscribeOrders: () => {
      this.#sent = undefined;
    },
  };

  readonly held = 0;

  /** An order of the socket's user changed (the connection passes only the user's events): its
   * fields as the change left them, which on a store with units of work is not the order's state
   * now, once the unit committed. */
  onEvent(_session: Session, event: DomainEvent): void {
    if (event.type !== 'orderStatusChanged' || !this.#sent) return;
    const update = this.#fields(event.orderId, this.#view(event.order));
    if (update) this.socket.send(views.orderUpdates([update]));
  }

  #subscribe(session: Session): void {
    const orders = this.socket.services.orders.list(session, undefined);
    this.#sent = new Map();
    const updates = orders.map((order) => this.#fields(order.id, this.#view(order)));
    this.socket.send(views.orderUpdates(updates.flatMap((update) => (update ? [update] : []))));
  }

  #view(order: Order): Fields {
    const instrument = this.socket.services.brokerage.market.instrument(order.conid);
    if (!instrument) return { acct: order.accountId, orderId: order.id };
    return views.orderUpdate(liveOrder(order, instrument));
  }

  /** The order's fields that changed since the last message (all of them the first time), with
   * the account and order id; undefined when nothing changed. */
  #fields(orderId: number, view: Fields): Fields | undefined {
    const sent = this.#sent;
    if (!sent) return undefined;
    const previous = sent.get(orderId);
    const changed = views.changedFields(previous, view);
    sent.set(orderId, view);
    if (previous && Object.keys(changed).length === 0) return undefined;
    return { ...changed, acct: view.acct, orderId };
  }
}

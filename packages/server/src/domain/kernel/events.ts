import type { Collections } from './store.js';

/** What happened in the brokerage that its users hear about as a notice: published by the area
 * where it happens, in one place each, and read by whoever subscribes (notifications, the
 * streaming API). Every such event names the user it concerns and the time it happened on the
 * simulation's clock. */
export type NoticeEvent =
  | {
      type: 'orderFilled';
      username: string;
      time: number;
      accountId: string;
      orderId: number;
      conid: number;
      side: 'BUY' | 'SELL';
      size: number;
      price: number;
    }
  | {
      /** Refused by the rule table, or made Inactive when it could not fill. */
      type: 'orderRejected';
      username: string;
      time: number;
      accountId: string;
      orderId?: number;
      conid: number;
      /** The rule table's reject text; none when an order went Inactive. */
      reason?: string;
    }
  | {
      type: 'orderCancelled';
      username: string;
      time: number;
      accountId: string;
      orderId: number;
      conid: number;
    }
  | {
      type: 'alertTriggered';
      username: string;
      time: number;
      accountId: string;
      alertId: number;
      alertName: string;
      message: string | null;
    }
  | {
      /** Excess liquidity fell below the warning share of net liquidation. */
      type: 'marginWarning';
      username: string;
      time: number;
      accountId: string;
      excessLiquidity: number;
      netLiquidation: number;
      currency: string;
    }
  | {
      /** The session's single sign-on ends soon, however often it is pinged. */
      type: 'sessionExpiring';
      username: string;
      time: number;
      remainingMs: number;
    };

/** The changes the streaming API follows besides the notices. */
export type ChangeEvent =
  | {
      /** An account was kept again: its cash or positions moved (a fill, a transfer settled, a
       * fee), its alias changed, or it was opened; the accounts' one writer announces each. */
      type: 'accountChanged';
      time: number;
      accountId: string;
    }
  | {
      /** A contract's last price was set (by the control API, a price walk, a listing). */
      type: 'priceChanged';
      time: number;
      conid: number;
      price: number;
    }
  | {
      /** An order was transmitted or its status changed (a fill, a cancellation, a trigger). */
      type: 'orderStatusChanged';
      username: string;
      time: number;
      accountId: string;
      orderId: number;
      conid: number;
      status: string;
      /** The order as this change left it: the sockets hear a unit's events after it committed,
       * when the store holds only the unit's last state (an order placed and filled in one unit
       * is heard Submitted, then Filled). */
      order: Collections['orders'];
    }
  | {
      /** An execution was booked on an account (one per account of a fill). */
      type: 'executionBooked';
      username: string;
      time: number;
      accountId: string;
      orderId: number;
      conid: number;
      executionId: string;
    }
  | {
      /** The service's bulletin to every user (the control API sends one). */
      type: 'bulletinPosted';
      time: number;
      id: string;
      message: string;
    }
  | {
      /** A session's brokerage session opened, or the session ended (logout, idle, expiry). */
      type: 'sessionChanged';
      username: string;
      time: number;
      sessionId: string;
      authenticated: boolean;
      ended: boolean;
    };

export type DomainEvent = NoticeEvent | ChangeEvent;

const changeTypes: ReadonlySet<DomainEventType> = new Set<ChangeEvent['type']>([
  'accountChanged',
  'priceChanged',
  'orderStatusChanged',
  'executionBooked',
  'sessionChanged',
  'bulletinPosted',
]);

/** An event its user hears about as a notice (not a change the streams follow). */
export const isNoticeEvent = (event: DomainEvent): event is NoticeEvent =>
  !changeTypes.has(event.type);

export type DomainEventType = DomainEvent['type'];
export type EventListener = (event: DomainEvent) => void;

/** Runs `deliver` once the unit of work running now commits, never if it loses; at once
 * outside a unit, and on a store without units (memory). */
export type AfterCommit = (deliver: () => void) => void;

/**
 * The brokerage's one event bus: synchronous, in publication order, so that a listener sees
 * the state the event left. Two kinds of listener: an area's own (`subscribe`) hears an event
 * inside the unit of work that published it, so what it writes commits with the unit (or not at
 * all); what is heard outside the state (the sockets, `subscribeCommitted`) hears it once that
 * unit committed, so nothing is heard from an attempt that lost and ran again. Such a listener
 * sees the unit's last state, not the one each event left: an event whose every step it must
 * tell carries its record as it was (`orderStatusChanged`).
 */
export class DomainEvents {
  readonly #listeners = new Set<EventListener>();
  readonly #committedListeners = new Set<EventListener>();
  #afterCommit: AfterCommit = (deliver) => deliver();

  /** Calls `listener` with every event from now on, inside the unit that publishes it; returns
   * the unsubscription. */
  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Calls `listener` with every event from now on, once the unit that published it committed;
   * returns the unsubscription. */
  subscribeCommitted(listener: EventListener): () => void {
    this.#committedListeners.add(listener);
    return () => this.#committedListeners.delete(listener);
  }

  /** How the store tells commits (`Store.afterCommit`): set once, by the runtime. */
  deliverCommittedWith(afterCommit: AfterCommit): void {
    this.#afterCommit = afterCommit;
  }

  publish(event: DomainEvent): void {
    for (const listener of this.#listeners) listener(event);
    if (this.#committedListeners.size === 0) return;
    this.#afterCommit(() => {
      for (const listener of this.#committedListeners) listener(event);
    });
  }
}

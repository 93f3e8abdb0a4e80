import type { OrdersStore } from './store-view.js';
import type { Index } from '../kernel/store.js';
import { dayMs, startOfUtcDay } from '../kernel/time-format.js';
import { wakeOf, type Wake } from './fills.js';
import { isWorking, type Order, type OrderStatus, type Side } from './model.js';
import { PriceBook } from './price-book.js';

/** Working orders are open; the others (filled, cancelled, inactive) are done. */
export type StatusClass = 'open' | 'done';
export const statusClasses: readonly StatusClass[] = ['open', 'done'];
export const statusClassOf = (status: OrderStatus): StatusClass =>
  isWorking(status) ? 'open' : 'done';

/** How the price book holds an order: a done order, or a bracket child whose parent has not
 * filled, is not woken by prices. */
const wakeInBook = (order: Order): Wake =>
  !isWorking(order.status) || order.awaitsParent ? 'never' : wakeOf(order);

/** The stored orders and their lookups. Records are values: a change is a new record `save`d,
 * so that the store's indexes (and a shared store) see it. Each lookup costs what it returns. */
export class OrderRecords {
  /** By path account and status class. */
  readonly #byAccount: Index<Order>;
  /** By booking account and status class, when it is not the path account (allocated orders). */
  readonly #byBookingAccount: Index<Order>;
  /** Open orders by booking account, contract and side (the opposite-side warning). */
  readonly #openByContract: Index<Order>;
  /** By path account and client order id (the duplicate `cOID` reject). */
  readonly #byRef: Index<Order>;
  readonly #byParent: Index<Order>;
  readonly #byOcaGroup: Index<Order>;
  /** Every open order (the sweep of expired day orders). */
  readonly #open: Index<Order>;
  readonly #prices = new PriceBook();

  constructor(private readonly store: OrdersStore) {
    const orders = this.#orders;
    this.#byAccount = orders.index(
      'byAccount',
      (order) => `${order.accountId}|${statusClassOf(order.status)}`,
    );
    this.#byBookingAccount = orders.index('byBookingAccount', (order) =>
      order.allocatedTo === order.accountId
        ? undefined
        : `${order.allocatedTo}|${statusClassOf(order.status)}`,
    );
    this.#openByContract = orders.index('openByContract', (order) =>
      isWorking(order.status) ? `${order.allocatedTo}|${order.conid}|${order.side}` : undefined,
    );
    this.#byRef = orders.index('byRef', (order) =>
      order.cOID === undefined ? undefined : `${order.accountId}|${order.cOID}`,
    );
    this.#byParent = orders.index('byParent', (order) =>
      order.parentOrderId === undefined ? undefined : String(order.parentOrderId),
    );
    this.#byOcaGroup = orders.index('byOcaGroup', (order) => order.ocaGroup);
    this.#open = orders.index('open', (order) => (isWorking(order.status) ? 'open' : undefined));
    this.rebuildPriceBook();
    // Orders another process wrote (a shared store) enter the book as this process learns of them.
    store.onReplicaChange?.((collection, id) => {
      if (collection !== undefined && collection !== 'orders') return;
      if (id === undefined) this.rebuildPriceBook();
      else this.#followInBook(Number(id));
    });
  }

  get #orders() {
    return this.store.collection('orders');
  }

  get(orderId: number): Order | undefined {
    return this.#orders.get(String(orderId));
  }

  /** Stores the order. A done order is kept until the end of the UTC day it closed on: the
   * service shows the current day's orders, and a closed order of an earlier day is unknown. */
  save(order: Order): Order {
    const done = !isWorking(order.status);
    this.#orders.set(
      String(order.id),
      order,
      done ? { expiresAt: startOfUtcDay(order.updatedAt) + dayMs } : undefined,
    );
    this.#placeInBook(order);
    return order;
  }

  /** The orders placed for or booked on the account, in the status classes, by id. */
  ofAccount(accountId: string, classes: readonly StatusClass[] = statusClasses): Order[] {
    return classes
      .flatMap((statusClass) => [
        ...this.#byAccount.get(`${accountId}|${statusClass}`),
        ...this.#byBookingAccount.get(`${accountId}|${statusClass}`),
      ])
      .sort((a, b) => a.id - b.id);
  }

  /** Whether the account has an open order in the contract on the side, other than `except`. */
  hasOpenIn(accountId: string, conid: number, side: Side, except?: number): boolean {
    return this.#openByContract.some(
      `${accountId}|${conid}|${side}`,
      (order) => order.id !== except,
    );
  }

  /** The orders of the account carrying the client order id. */
  withRef(accountId: string, cOID: string): Order[] {
    return this.#byRef.get(`${accountId}|${cOID}`);
  }

  childrenOf(orderId: number): Order[] {
    return this.#byParent.get(String(orderId));
  }

  inOcaGroup(group: string): Order[] {
    return this.#byOcaGroup.get(group);
  }

  open(): Order[] {
    return this.#open.get('open');
  }

  /** The contract's open orders that the price can trail, trigger or fill, oldest first. */
  wokenBy(conid: number, price: number): Order[] {
    return this.#prices.woken(conid, price).flatMap((orderId) => this.get(orderId) ?? []);
  }

  #placeInBook(order: Order): void {
    this.#prices.place(order.id, order.conid, wakeInBook(order));
  }

  /** Puts the stored order in the price book as it is now (takes it out when it is gone). */
  #followInBook(orderId: number): void {
    const order = this.get(orderId);
    if (order) this.#placeInBook(order);
    else this.#prices.remove(orderId);
  }

  /** Builds the price book again from the stored orders (after the store was loaded again). */
  rebuildPriceBook(): void {
    this.#prices.clear();
    for (const order of this.open()) this.#placeInBook(order);
  }
}

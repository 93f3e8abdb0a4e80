import type { OrdersStore } from './store-view.js';
import type { AreaContext } from '../accounts/brokerage.js';
import type { Instrument } from '../market/model.js';
import { nextInSequence } from '../kernel/sequences.js';
import { dayMs, startOfUtcDay } from '../kernel/time-format.js';
import { isCashAccount, purchaseLimit, valueAccount } from '../accounts/valuation.js';
import { warnOnMargin } from '../accounts/margin-warning.js';
import { executionCommission } from './commission.js';
import { orderParts, type OrderPart } from './order-parts.js';
import { orderStatusEvent } from './order-events.js';
import { bookExecution, checkFill, initialStopPrice, workingStatus } from './fills.js';
import { isWorking, type Order, type OrderStatus, type OrderTicket } from './model.js';
import { OrderRecords } from './order-records.js';
import { declareExecutionIndexes, keepExecution } from './trades.js';

/** Order ids follow the real service's numbering style. */
const firstOrderId = 1_370_093_237;
/** Times in force that end with the trading day. */
const dayOrders: readonly Order['tif'][] = ['DAY', 'OPG', 'PAX', 'IOC'];

const hex8 = (value: number) => (Math.floor(value) % 0x1_0000_0000).toString(16).padStart(8, '0');

/** What the success entry reports for a transmitted order: its status right after transmission. */
export interface Transmitted {
  order: Order;
  status: OrderStatus;
}

export type MatchingContext = AreaContext<
  'clock' | 'events',
  'market' | 'onLoad' | 'account' | 'keepAccount',
  OrdersStore
>;

/** The simulated exchange: transmits orders, moves their status, and fills them against the
 * simulated prices, booking each fill on the account and as an execution. Orders are values: each
 * change stores a new record (`OrderRecords.save`), and a step that follows another reads the
 * order again by id. */
export class Matching {
  readonly records: OrderRecords;
  /** Start of the UTC day of the last sweep of expired day orders. */
  #sweptDay: number | undefined;

  constructor(private readonly context: MatchingContext) {
    this.records = new OrderRecords(context.store);
    declareExecutionIndexes(context.store);
    context.accounts.onLoad(() => {
      this.records.rebuildPriceBook();
      this.#sweptDay = undefined;
    });
  }

  private instrument(conid: number): Instrument {
    const instrument = this.context.accounts.market.instrument(conid);
    if (!instrument) throw new Error(`Contract ${conid} vanished`);
    return instrument;
  }

  /** Creates and transmits the orders of one request (a single order, an OCA group or a bracket). */
  transmit(tickets: OrderTicket[], accountId: string, username: string): Transmitted[] {
    const now = this.context.clock.now();
    const requestId = nextInSequence(this.context.store, 'orderRequests', 0);
    const numbered = tickets.map((ticket) => ({
      ticket,
      id: nextInSequence(this.context.store, 'orders', firstOrderId),
    }));
    const isOcaGroup = tickets.length > 1 && tickets.every((ticket) => ticket.isSingleGroup);
    const orders = numbered.map(({ ticket, id }): Order => {
      const parentId =
        ticket.parentRef === undefined
          ? undefined
          : numbered.find((candidate) => candidate.ticket.cOID === ticket.parentRef)?.id;
      const stopPrice = initialStopPrice(ticket);
      const order: Order = {
        ...ticket,
        id,
        accountId,
        username,
        status: 'PendingSubmit',
        filledQuantity: 0,
        triggered: false,
        awaitsParent: parentId !== undefined,
        createdAt: now,
        updatedAt: now,
        requestId,
        ...(stopPrice === undefined ? {} : { stopPrice }),
        // The children of a bracket exit one position: the first to fill cancels the others.
        ...(parentId !== undefined
          ? { parentOrderId: parentId, ocaGroup: `bracket-${parentId}` }
          : isOcaGroup
            ? { ocaGroup: `oca-${requestId}` }
            : {}),
      };
      const transmitted = this.records.save({ ...order, status: workingStatus(order) });
      this.#announce(transmitted);
      return transmitted;
    });
    for (const order of orders) this.#work(order.id);
    for (const { id } of orders) {
      const order = this.records.get(id);
      if (order?.tif === 'IOC' && isWorking(order.status)) this.#setStatus(order, 'Cancelled');
    }
    return orders.map((order) => ({
      order: this.records.get(order.id) ?? order,
      status: order.status,
    }));
  }

  /** Replaces a working order's terms (it keeps its id, parent reference and, unless the ticket
   * gives one, its client order id) and works it again. */
  replace(order: Order, ticket: OrderTicket): Transmitted {
    const terms: Order = {
      ...order,
      ...ticket,
      parentRef: order.parentRef,
      cOID: ticket.cOID ?? order.cOID,
      triggered: false,
      requestId: nextInSequence(this.context.store, 'orderRequests', 0),
    };
    const stopPrice = initialStopPrice(terms);
    const replaced = this.#setStatus({ ...terms, stopPrice }, workingStatus(terms));
    this.#work(replaced.id);
    return { order: this.records.get(replaced.id) ?? replaced, status: replaced.status };
  }

  /** Cancels a working order, and the children of a bracket parent. */
  cancel(order: Order): Order {
    const cancelled = this.#setStatus(order, 'Cancelled');
    this.#cancelWorking(this.records.childrenOf(order.id));
    return cancelled;
  }

  /** Works the contract's orders that its new price can move, oldest first. */
  onPrice(conid: number): void {
    this.expire();
    const last = this.context.accounts.market.price(conid);
    if (last === undefined) return;
    for (const { id } of this.records.wokenBy(conid, last)) this.#work(id);
  }

  /** Day orders of earlier days that still work are cancelled, as of the end of their day. */
  expire(): void {
    const today = startOfUtcDay(this.context.clock.now());
    // Orders are created at the clock's time, so after a sweep nothing more can expire before
    // the next day: one sweep a day, not one per request.
    if (today === this.#sweptDay) return;
    this.#sweptDay = today;
    for (const order of this.records.open()) {
      const dayStart = startOfUtcDay(order.createdAt);
      if (dayOrders.includes(order.tif) && dayStart < today) {
        this.#announce(
          this.records.save({ ...order, status: 'Cancelled', updatedAt: dayStart + dayMs - 1000 }),
        );
      }
    }
  }

  /** Stores the order in the new status, now, and announces it. */
  #setStatus(order: Order, status: OrderStatus): Order {
    const changed = this.records.save({ ...order, status, updatedAt: this.context.clock.now() });
    this.#announce(changed);
    return changed;
  }

  /** Cancels each of the orders still working when its turn comes. */
  #cancelWorking(orders: readonly Order[]): void {
    for (const { id } of orders) {
      const order = this.records.get(id);
      if (order && isWorking(order.status)) this.#setStatus(order, 'Cancelled');
    }
  }

  /** Tells the bus the order's status (for the streams) and the notice it makes, if any. */
  #announce(order: Order): void {
    this.context.events.publish({
      type: 'orderStatusChanged',
      username: order.username,
      time: order.updatedAt,
      accountId: order.allocatedTo,
      orderId: order.id,
      conid: order.conid,
      status: order.status,
      order,
    });
    const event = orderStatusEvent(order);
    if (event) this.context.events.publish(event);
  }

  /** Lets the order react to the current price: trail, trigger, fill. */
  #work(orderId: number): void {
    const order = this.records.get(orderId);
    if (!order || !isWorking(order.status) || order.awaitsParent) return;
    const last = this.context.accounts.market.price(order.conid);
    if (last === undefined) return;
    const check = checkFill(order, last);
    const stopPrice = check.stopPrice ?? order.stopPrice;
    let current = order;
    if (check.triggered && !order.triggered) {
      current = this.#setStatus({ ...order, stopPrice, triggered: true }, 'Submitted');
    } else if (stopPrice !== order.stopPrice) {
      current = this.records.save({ ...order, stopPrice });
    }
    if (check.fillPrice !== undefined) this.#fill(current, check.fillPrice);
  }

  /** Whether the account can take its part of the fill; an order with a part that cannot be
   * taken becomes Inactive. */
  private canFill(order: Order, instrument: Instrument, price: number, part: OrderPart): boolean {
    const { account, size } = part;
    if (instrument.secType === 'CASH') return true;
    if (order.side === 'SELL') {
      // A cash account cannot sell short (the shares cannot be located).
      const held =
        account.positions.find((position) => position.conid === order.conid)?.quantity ?? 0;
      return !isCashAccount(account) || held >= size;
    }
    const market = this.context.accounts.market;
    const value =
      size * price * instrument.multiplier * market.rate(instrument.currency, account.baseCurrency);
    return value <= purchaseLimit(account, valueAccount(account, market));
  }

  #fill(order: Order, price: number): void {
    const instrument = this.instrument(order.conid);
    const parts = orderParts(this.context.accounts, order, instrument);
    if (
      parts.length === 0 ||
      !parts.every((part) => this.canFill(order, instrument, price, part))
    ) {
      this.#setStatus(order, 'Inactive');
      return;
    }
    parts.forEach((part, index) => this.#book(order, instrument, part, price, index + 1));
    this.#setStatus({ ...order, filledQuantity: order.quantity, averagePrice: price }, 'Filled');
    for (const { account } of parts) warnOnMargin(this.context, account, order.username);
    if (order.ocaGroup !== undefined) {
      this.#cancelWorking(
        this.records.inOcaGroup(order.ocaGroup).filter((other) => other.id !== order.id),
      );
    }
    for (const { id } of this.records.childrenOf(order.id)) {
      const child = this.records.get(id);
      if (!child || !isWorking(child.status)) continue;
      const released = { ...child, awaitsParent: false };
      this.#setStatus(released, workingStatus(released));
      this.#work(id);
    }
  }

  /** Books one account's part of a fill as an execution (numbered within the fill). */
  #book(
    order: Order,
    instrument: Instrument,
    part: OrderPart,
    price: number,
    number: number,
  ): void {
    const { size } = part;
    // The account as it is now: an earlier part of the same fill may have booked on it.
    const current = this.context.accounts.account(part.account.id) ?? part.account;
    const commission = executionCommission(instrument, size, price);
    const { account, realizedPnl } = bookExecution(
      current,
      instrument,
      order.side,
      size,
      price,
      commission,
    );
    this.context.accounts.keepAccount(account);
    const now = this.context.clock.now();
    const executionId = `${hex8(order.id)}.${hex8(now / 1000)}.01.${String(number).padStart(2, '0')}`;
    keepExecution(this.context.store, {
      id: executionId,
      orderId: order.id,
      account: account.id,
      conid: order.conid,
      side: order.side,
      size,
      price,
      commission,
      time: now,
      ...(order.cOID === undefined ? {} : { cOID: order.cOID }),
      submitter: order.username,
      exchange: order.routedExchange ?? instrument.exchange,
      ...(realizedPnl === 0 ? {} : { realizedPnl }),
    });
    this.context.events.publish({
      type: 'executionBooked',
      username: order.username,
      time: now,
      accountId: account.id,
      orderId: order.id,
      conid: order.conid,
      executionId,
    });
  }
}

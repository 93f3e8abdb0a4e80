import type { Brokerage } from '../accounts/brokerage.js';
import type { Instrument } from '../market/model.js';
import { nextInSequence } from '../kernel/sequences.js';
import { dayMs, startOfUtcDay } from '../kernel/time-format.js';
import { isCashAccount, valueAccount } from '../accounts/valuation.js';
import { warnOnMargin } from '../accounts/margin-warning.js';
import { executionCommission } from './commission.js';
import { orderParts, type OrderPart } from './order-parts.js';
import { orderStatusEvent } from './order-events.js';
import { bookExecution, checkFill, initialStopPrice, triggeredOrderTypes } from './fills.js';
import {
  isWorking,
  type Execution,
  type Order,
  type OrderStatus,
  type OrderTicket,
} from './model.js';

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

/** The simulated exchange: transmits orders, moves their status, and fills them against the
 * simulated prices, booking each fill on the account and as an execution. */
export class Matching {
  /** Start of the UTC day of the last sweep of expired day orders. */
  #sweptDay: number | undefined;
  constructor(private readonly brokerage: Brokerage) {}

  private get orders() {
    return this.brokerage.store.collection('orders');
  }

  private instrument(conid: number): Instrument {
    const instrument = this.brokerage.market.instrument(conid);
    if (!instrument) throw new Error(`Contract ${conid} vanished`);
    return instrument;
  }

  /** Creates and transmits the orders of one request (a single order, an OCA group or a bracket). */
  transmit(tickets: OrderTicket[], accountId: string, username: string): Transmitted[] {
    const now = this.brokerage.clock.now();
    const requestId = nextInSequence(this.brokerage.store, 'orderRequests', 0);
    const orders: Order[] = tickets.map((ticket) => ({
      ...ticket,
      id: nextInSequence(this.brokerage.store, 'orders', firstOrderId),
      accountId,
      username,
      status: 'PendingSubmit',
      filledQuantity: 0,
      triggered: false,
      createdAt: now,
      updatedAt: now,
      requestId,
    }));
    const isOcaGroup = orders.length > 1 && orders.every((order) => order.isSingleGroup);
    for (const order of orders) {
      const stopPrice = initialStopPrice(order);
      if (stopPrice !== undefined) order.stopPrice = stopPrice;
      if (isOcaGroup) order.ocaGroup = `oca-${requestId}`;
      const parent = orders.find(
        (candidate) => order.parentRef !== undefined && candidate.cOID === order.parentRef,
      );
      if (parent) {
        order.parentOrderId = parent.id;
        // The children of a bracket exit one position: the first to fill cancels the others.
        order.ocaGroup = `bracket-${parent.id}`;
      }
    }
    const transmitted = orders.map((order) => {
      order.status = this.workingStatus(order);
      this.orders.set(String(order.id), order);
      this.announce(order);
      return { order, status: order.status };
    });
    for (const order of orders) this.work(order);
    for (const order of orders) {
      if (order.tif === 'IOC' && isWorking(order.status)) this.setStatus(order, 'Cancelled');
    }
    return transmitted;
  }

  /** Replaces a working order's terms (it keeps its id) and works it again. */
  replace(order: Order, ticket: OrderTicket): Transmitted {
    const { parentRef, cOID } = order;
    Object.assign(order, ticket, { parentRef, cOID: ticket.cOID ?? cOID, triggered: false });
    if (order.parentRef === undefined) delete order.parentRef;
    if (order.cOID === undefined) delete order.cOID;
    const stopPrice = initialStopPrice(order);
    if (stopPrice === undefined) delete order.stopPrice;
    else order.stopPrice = stopPrice;
    order.requestId = nextInSequence(this.brokerage.store, 'orderRequests', 0);
    this.setStatus(order, this.workingStatus(order));
    const transmitted = { order, status: order.status };
    this.work(order);
    return transmitted;
  }

  /** Cancels a working order, and the children of a bracket parent. */
  cancel(order: Order): void {
    this.setStatus(order, 'Cancelled');
    for (const child of this.orders.values()) {
      if (child.parentOrderId === order.id && isWorking(child.status))
        this.setStatus(child, 'Cancelled');
    }
  }

  /** Works every order of the contract against its new price, oldest first. */
  onPrice(conid: number): void {
    this.expire();
    const working = this.orders
      .values()
      .filter((order) => order.conid === conid && isWorking(order.status))
      .sort((a, b) => a.id - b.id);
    for (const order of working) this.work(order);
  }

  /** Day orders of earlier days that still work are cancelled, as of the end of their day. */
  expire(): void {
    const today = startOfUtcDay(this.brokerage.clock.now());
    // Orders are created at the clock's time, so after a sweep nothing more can expire before
    // the next day: one sweep a day, not one per request.
    if (today === this.#sweptDay) return;
    this.#sweptDay = today;
    for (const order of this.orders.values()) {
      const dayStart = startOfUtcDay(order.createdAt);
      if (isWorking(order.status) && dayOrders.includes(order.tif) && dayStart < today) {
        order.status = 'Cancelled';
        order.updatedAt = dayStart + dayMs - 1000;
        this.announce(order);
      }
    }
  }

  /** PreSubmitted while a bracket child waits for its parent or a stop for its trigger; Submitted otherwise. */
  private workingStatus(order: Order): OrderStatus {
    if (this.waitsForParent(order)) return 'PreSubmitted';
    return triggeredOrderTypes.includes(order.orderType) && !order.triggered
      ? 'PreSubmitted'
      : 'Submitted';
  }

  private waitsForParent(order: Order): boolean {
    if (order.parentOrderId === undefined) return false;
    return this.orders.get(String(order.parentOrderId))?.status !== 'Filled';
  }

  private setStatus(order: Order, status: OrderStatus): void {
    order.status = status;
    order.updatedAt = this.brokerage.clock.now();
    this.announce(order);
  }

  /** Tells the bus the order's status (for the streams) and the notice it makes, if any. */
  private announce(order: Order): void {
    this.brokerage.events.publish({
      type: 'orderStatusChanged',
      username: order.username,
      time: order.updatedAt,
      accountId: order.allocatedTo,
      orderId: order.id,
      conid: order.conid,
      status: order.status,
    });
    const event = orderStatusEvent(order);
    if (event) this.brokerage.events.publish(event);
  }

  /** Lets the order react to the current price: trail, trigger, fill. */
  private work(order: Order): void {
    if (!isWorking(order.status) || this.waitsForParent(order)) return;
    const last = this.brokerage.market.price(order.conid);
    if (last === undefined) return;
    const check = checkFill(order, last);
    if (check.stopPrice !== undefined) order.stopPrice = check.stopPrice;
    if (check.triggered && !order.triggered) {
      order.triggered = true;
      this.setStatus(order, 'Submitted');
    }
    if (check.fillPrice !== undefined) this.fill(order, check.fillPrice);
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
    const market = this.brokerage.market;
    const value =
      size * price * instrument.multiplier * market.rate(instrument.currency, account.baseCurrency);
    return value <= valueAccount(account, market).availableFunds;
  }

  private fill(order: Order, price: number): void {
    const instrument = this.instrument(order.conid);
    const parts = orderParts(this.brokerage, order, instrument);
    if (
      parts.length === 0 ||
      !parts.every((part) => this.canFill(order, instrument, price, part))
    ) {
      this.setStatus(order, 'Inactive');
      return;
    }
    parts.forEach((part, index) => this.book(order, instrument, part, price, index + 1));
    order.filledQuantity = order.quantity;
    order.averagePrice = price;
    this.setStatus(order, 'Filled');
    for (const { account } of parts) warnOnMargin(this.brokerage, account, order.username);
    for (const other of this.orders.values()) {
      if (
        other !== order &&
        other.ocaGroup !== undefined &&
        other.ocaGroup === order.ocaGroup &&
        isWorking(other.status)
      ) {
        this.setStatus(other, 'Cancelled');
      }
    }
    for (const child of this.orders.values()) {
      if (child.parentOrderId === order.id && isWorking(child.status)) {
        this.setStatus(child, this.workingStatus(child));
        this.work(child);
      }
    }
  }

  /** Books one account's part of a fill as an execution (numbered within the fill). */
  private book(
    order: Order,
    instrument: Instrument,
    part: OrderPart,
    price: number,
    number: number,
  ): void {
    const { account, size } = part;
    const commission = executionCommission(instrument, size, price);
    const realizedPnl = bookExecution(account, instrument, order.side, size, price, commission);
    const now = this.brokerage.clock.now();
    const execution: Execution = {
      id: `${hex8(order.id)}.${hex8(now / 1000)}.01.${String(number).padStart(2, '0')}`,
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
    };
    this.brokerage.store.collection('executions').set(execution.id, execution);
    this.brokerage.events.publish({
      type: 'executionBooked',
      username: order.username,
      time: now,
      accountId: account.id,
      orderId: order.id,
      conid: order.conid,
      executionId: execution.id,
    });
  }
}

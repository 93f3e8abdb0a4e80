// The order book: placing, previewing, confirming, modifying, cancelling and listing orders.
// Over 300 lines: one class over one index of orders whose operations go through the same
// decision (rules, prompts, placement); the rules, matching and views are apart.
import type { AreaContext } from '../accounts/brokerage.js';
import { badRequest, rejected, unavailable } from '../kernel/errors.js';
import { advisorGroup } from '../accounts/allocation-groups.js';
import { orderAllocation } from '../accounts/order-allocation.js';
import type { Account } from '../accounts/model.js';
import type { Session } from '../accounts/sessions.js';
import { incrementAt, priceIncrementRules, sizeIncrementOf } from '../contracts/contract-rules.js';
import { restrictionAgainst } from '../restrictions/restriction-check.js';
import { startOfUtcDay } from '../kernel/time-format.js';
import { purchaseLimit, valueAccount, type AccountValues } from '../accounts/valuation.js';
import type { Instrument } from '../market/model.js';
import { pairCurrencies } from './fills.js';
import { orderParts } from './order-parts.js';
import { Matching, type Transmitted } from './matching.js';
import { rejectionEvent } from './order-events.js';
import { isWorking, type Execution, type Order, type OrderTicket } from './model.js';
import { executionsOf } from './trades.js';
import { ticketOf, ticketsOf, type OrderRequest } from './order-request.js';
import {
  firstReject,
  nextWarning,
  rejectRules,
  warningText,
  type CheckedOrder,
  type CheckedRequest,
} from './order-rules.js';
import { orderTexts, warningDescription } from './order-texts.js';
import { applyOrderFilters, filteredStatusClasses } from './order-filters.js';
import { projectOrder, type OrderPreview } from './order-preview.js';
import { Prompts } from './prompts.js';
import { Questions } from './replies.js';
import { replyIdExpired } from './reply-expiry.js';
import { cents } from '../kernel/money.js';
import type { OrdersStore } from './store-view.js';

/** The answer to placing, modifying or confirming orders. */
export type OrderOutcome =
  | { kind: 'transmitted'; orders: Transmitted[] }
  | { kind: 'warning'; replyId: string; messageId: string; message: string }
  | { kind: 'rejected'; error: string };

export type CancelOutcome =
  { kind: 'cancelled'; order: Order } | { kind: 'rejected'; error: string };

export type OrderBookContext = AreaContext<
  'clock' | 'events',
  | 'market'
  | 'onLoad'
  | 'account'
  | 'accounts'
  | 'userOf'
  | 'accessibleAccountIds'
  | 'accountFor'
  | 'keepAccount',
  OrdersStore
>;

/** The orders of the brokerage: placement through the rule table and its warnings,
 * modification, cancellation and the lists. Every operation is synchronous, so that two requests
 * never interleave in this process (serialising across processes comes with a shared store). */
export class OrderBook {
  readonly matching: Matching;
  readonly questions: Questions;
  readonly prompts: Prompts;

  constructor(private readonly context: OrderBookContext) {
    this.matching = new Matching(context);
    this.questions = new Questions(context.store);
    this.prompts = new Prompts(context.store);
  }

  private get records() {
    return this.matching.records;
  }

  /** Executions of the account (by default the session's selected one; with an advisor's
   * sub-accounts) over the current day and the `days - 1` previous ones, newest first. */
  executions(session: Session, days = 1, accountId?: string): Execution[] {
    return executionsOf(this.context, session, days, accountId);
  }

  /** The path account of an order request; one the session may not trade is invalid content (500). */
  private pathAccount(session: Session, accountId: string): Account {
    return this.context.accounts.accountFor(session, accountId, () =>
      rejected(orderTexts.errors.unknownAccount(accountId)),
    );
  }

  place(session: Session, accountId: string, requests: OrderRequest[]): OrderOutcome {
    const user = this.context.accounts.userOf(session);
    // An advisor's order may name one of its groups in place of an account.
    const group = this.context.accounts.account(accountId)
      ? undefined
      : advisorGroup(this.context.store, user, accountId);
    const account = this.pathAccount(session, group ? (user.accounts[0] ?? accountId) : accountId);
    const tickets = ticketsOf(this.context.accounts, account, requests, (request) =>
      orderAllocation(this.context.store, user, account, group, request),
    );
    this.matching.expire();
    this.questions.invalidate(account.id);
    return this.decide(session, account, tickets, 0);
  }

  /** What the request's first order (a bracket's parent) would do if it executed in full now:
   * the request is checked as placement checks it, and nothing is placed, held or invalidated. */
  preview(session: Session, accountId: string, requests: OrderRequest[]): OrderPreview {
    const account = this.pathAccount(session, accountId);
    const tickets = ticketsOf(this.context.accounts, account, requests);
    this.matching.expire();
    const request = this.checkedRequest(account, tickets, undefined);
    const warning = nextWarning(request, 0, this.questions.suppressed(session.id));
    const [first] = request.orders;
    return {
      projection: first && projectOrder(first, this.context.accounts.market),
      error: firstReject(request),
      warning: warning && {
        messageId: warning.rule.messageId,
        message: warningText(warning.rule, warning.order),
      },
    };
  }

  modify(
    session: Session,
    accountId: string,
    orderId: number,
    request: OrderRequest,
  ): OrderOutcome {
    if (!session.accountsQueried) throw badRequest(orderTexts.errors.accountsFirst);
    const account = this.pathAccount(session, accountId);
    const parsed = ticketOf(this.context.accounts, account, request, 'order');
    this.matching.expire();
    this.questions.invalidate(account.id);
    const order = this.orderOf(account.id, orderId);
    if (!order) return { kind: 'rejected', error: orderTexts.rejects.unknownOrder(orderId) };
    if (!isWorking(order.status))
      return { kind: 'rejected', error: orderTexts.rejects.notModifiable(orderId, order.status) };
    if (parsed.conid !== order.conid || parsed.side !== order.side) {
      return { kind: 'rejected', error: orderTexts.rejects.contractOrSideChanged };
    }
    const ticket: OrderTicket = {
      ...parsed,
      allocatedTo: request.acctId === undefined ? order.allocatedTo : parsed.allocatedTo,
      ...(parsed.cOID === undefined && order.cOID !== undefined ? { cOID: order.cOID } : {}),
    };
    return this.decide(session, account, [ticket], 0, order);
  }

  /** Answers a warning: false drops the held orders, true goes on down the warning table. */
  reply(session: Session, replyId: string, confirmed: boolean): OrderOutcome {
    const pending = this.questions.find(session.id, replyId);
    if (!pending) throw unavailable(orderTexts.errors.replyNotFound);
    const held = this.questions.take(session.id, replyId);
    if (
      !held ||
      replyIdExpired(this.context.store, session.username, held, this.context.clock.now())
    )
      throw unavailable(orderTexts.errors.replyNotFound);
    if (!confirmed) return { kind: 'rejected', error: orderTexts.rejects.notConfirmed };
    const account = this.pathAccount(session, held.accountId);
    this.matching.expire();
    if (held.modifiedOrderId === undefined)
      return this.decide(session, account, held.tickets, held.warningIndex + 1);
    const order = this.orderOf(account.id, held.modifiedOrderId);
    if (!order || !isWorking(order.status)) {
      return {
        kind: 'rejected',
        error: orderTexts.rejects.notModifiable(held.modifiedOrderId, order?.status ?? 'Cancelled'),
      };
    }
    return this.decide(session, account, held.tickets, held.warningIndex + 1, order);
  }

  cancel(session: Session, accountId: string, orderId: number): CancelOutcome {
    const account = this.context.accounts.accountFor(session, accountId);
    this.matching.expire();
    const order = this.orderOf(account.id, orderId);
    if (!order) return { kind: 'rejected', error: orderTexts.rejects.unknownOrder(orderId) };
    if (!isWorking(order.status))
      return { kind: 'rejected', error: orderTexts.rejects.notCancellable(orderId, order.status) };
    return { kind: 'cancelled', order: this.matching.cancel(order) };
  }

  /** Orders of the day of the account (or the selected one): those of today, and older ones
   * still working; with the open orders `filters` applied. */
  list(session: Session, accountId: string | undefined, filters?: string): Order[] {
    if (!session.accountsQueried) throw badRequest(orderTexts.errors.accountsFirst);
    const account = this.context.accounts.accountFor(
      session,
      accountId ?? session.selectedAccountId,
    );
    this.matching.expire();
    const today = startOfUtcDay(this.context.clock.now());
    const orders = this.records
      .ofAccount(account.id, filteredStatusClasses(filters))
      // Closed orders of an earlier day are dropped by the next minute's sweep.
      .filter((order) => isWorking(order.status) || order.updatedAt >= today);
    return applyOrderFilters(orders, filters);
  }

  /** One order of the user's accounts: of the current day, or still working from an earlier day. */
  status(session: Session, orderId: number): Order {
    this.matching.expire();
    const order = this.records.get(orderId);
    const accounts = this.context.accounts.accessibleAccountIds(session);
    const today = startOfUtcDay(this.context.clock.now());
    if (
      !order ||
      !(accounts.includes(order.accountId) || accounts.includes(order.allocatedTo)) ||
      (!isWorking(order.status) && order.updatedAt < today)
    ) {
      throw rejected(orderTexts.rejects.unknownOrder(orderId));
    }
    return order;
  }

  private orderOf(accountId: string, orderId: number): Order | undefined {
    const order = this.records.get(orderId);
    return order && (order.accountId === accountId || order.allocatedTo === accountId)
      ? order
      : undefined;
  }

  /** Runs the rule table: a reject, the next warning (the orders are held), or transmission. */
  private decide(
    session: Session,
    account: Account,
    tickets: OrderTicket[],
    fromWarning: number,
    modified?: Order,
  ): OrderOutcome {
    const request = this.checkedRequest(account, tickets, modified);
    // A modification is one order: the bulk rule (5) cannot apply to it.
    const error = firstReject(
      request,
      modified ? rejectRules.filter((rule) => rule.number !== 5) : rejectRules,
    );
    if (error !== undefined) {
      this.context.events.publish(
        rejectionEvent(session, account, tickets, error, this.context.clock.now()),
      );
      return { kind: 'rejected', error };
    }
    const warning = nextWarning(request, fromWarning, this.questions.suppressed(session.id));
    if (warning) {
      const reply = this.questions.hold({
        sessionId: session.id,
        accountId: account.id,
        tickets,
        warningIndex: warning.index,
        heldAt: this.context.clock.now(),
        ...(modified ? { modifiedOrderId: modified.id } : {}),
      });
      return {
        kind: 'warning',
        replyId: reply.id,
        messageId: warning.rule.messageId,
        message: warningText(warning.rule, warning.order),
      };
    }
    const [ticket] = tickets;
    if (modified && ticket)
      return { kind: 'transmitted', orders: [this.matching.replace(modified, ticket)] };
    return {
      kind: 'transmitted',
      orders: this.matching.transmit(tickets, account.id, session.username),
    };
  }

  private checkedRequest(
    account: Account,
    tickets: OrderTicket[],
    modified: Order | undefined,
  ): CheckedRequest {
    const today = startOfUtcDay(this.context.clock.now());
    const others = (orders: Order[]) => orders.filter((order) => order.id !== modified?.id);
    const usedRefs = new Set(
      tickets.flatMap(({ cOID }) =>
        cOID !== undefined &&
        others(this.records.withRef(account.id, cOID)).some((order) => order.createdAt >= today)
          ? [cOID]
          : [],
      ),
    );
    const crossing = new Set(
      tickets.filter((ticket) =>
        this.records.hasOpenIn(
          ticket.allocatedTo,
          ticket.conid,
          ticket.side === 'BUY' ? 'SELL' : 'BUY',
          modified?.id,
        ),
      ),
    );
    return { orders: tickets.map((ticket) => this.checkedOrder(ticket)), usedRefs, crossing };
  }

  private checkedOrder(ticket: OrderTicket): CheckedOrder {
    const { market } = this.context.accounts;
    const instrument = market.instrument(ticket.conid);
    const account = this.context.accounts.account(ticket.allocatedTo);
    if (!instrument || !account)
      throw rejected(
        orderTexts.errors.invalidOrder(
          `contract ${ticket.conid} or account ${ticket.allocatedTo} not found`,
        ),
      );
    const last = market.price(ticket.conid);
    const base = account.baseCurrency;
    let value: number | undefined;
    if (ticket.cashQty !== undefined)
      value = ticket.cashQty * market.rate(instrument.currency, base);
    else if (ticket.fxQty !== undefined)
      value = ticket.fxQty * market.rate(pairCurrencies(instrument)[0], base);
    else {
      const price = ticket.price ?? last;
      if (price !== undefined)
        value =
          ticket.quantity * price * instrument.multiplier * market.rate(instrument.currency, base);
    }
    const increments = priceIncrementRules(market.catalogueData, instrument);
    const values = valueAccount(account, market);
    return {
      ticket,
      instrument,
      account,
      sizeIncrement: sizeIncrementOf(market, instrument, ticket.orderType),
      priceIncrement: incrementAt(increments, ticket.price ?? ticket.auxPrice ?? last),
      values,
      funds: value === undefined ? [] : this.fundsOf(ticket, instrument, value, account, values),
      tradable: !market.isExpired(instrument),
      last,
      value: value === undefined ? undefined : cents(value),
      checksValue: ticket.parentRef === undefined,
      description: warningDescription(ticket, instrument),
      restrictedBy: restrictionAgainst(
        this.context.store,
        this.context.clock.now(),
        account,
        ticket,
      )?.name,
    };
  }

  /** The order's value as each booking account pays it: an allocated order's value shared by
   * its parts' sizes, in each sub-account's base currency, against that sub-account's funds. */
  private fundsOf(
    ticket: OrderTicket,
    instrument: Instrument,
    value: number,
    booking: Account,
    values: AccountValues,
  ): CheckedOrder['funds'] {
    if (!ticket.allocation) return [{ value: cents(value), limit: purchaseLimit(booking, values) }];
    const { market } = this.context.accounts;
    return orderParts(this.context.accounts, ticket, instrument).map(({ account, size }) => ({
      value: cents(
        ((value * size) / ticket.quantity) * market.rate(values.baseCurrency, account.baseCurrency),
      ),
      limit: purchaseLimit(account, valueAccount(account, market)),
    }));
  }
}

import type { Account } from '../accounts/model.js';
import type { Instrument } from '../market/model.js';
import type { AccountValues } from '../accounts/valuation.js';
import { isWholeMultiple } from '../kernel/decimal-steps.js';
import { formatMoney, formatQuantity, orderTexts } from './order-texts.js';
import type { OrderTicket } from './model.js';

/** The thresholds of the rule table. */
export const ruleLimits = {
  /** A limit price further than this share of the last price is rejected. */
  rejectPriceDistance: 0.5,
  /** A limit price further than this share of the last price raises `o163`. */
  warnPriceDistance: 0.03,
  /** Units above which `o383` is raised. */
  sizeLimit: 1000,
  /** Share of the net liquidation value above which `o451` is raised. */
  totalValueShare: 0.2,
};

/** One order of a request, with what the rules look at. */
export interface CheckedOrder {
  ticket: OrderTicket;
  instrument: Instrument;
  /** The account the order trades for. */
  account: Account;
  values: AccountValues;
  /** False when the contract is expired (on the server's clock). */
  tradable: boolean;
  /** Simulated last price; undefined when the contract has no market data. */
  last: number | undefined;
  /** Order value in the account's base currency; undefined when no price exists to compute it. */
  value: number | undefined;
  /** The smallest step of the order's size in units (fractions only where the contract allows). */
  sizeIncrement: number;
  /** The contract's price increment at the order's limit or stop price. */
  priceIncrement: number;
  /** What each account that books the order pays for it, in its base currency, against what it
   * may spend (`purchaseLimit`): the account's, or each sub-account's part of an allocated order.
   * Empty when no price exists to value it. */
  funds: { value: number; limit: number }[];
  /** Whether funds and value are checked: not for bracket children (their parent is). */
  checksValue: boolean;
  /** `BUY 10 AAPL NASDAQ @ 185.00`. */
  description: string;
  /** The name of the account's pre-trade compliance restriction that forbids the order, if any. */
  restrictedBy: string | undefined;
}

/** The request as a whole. */
export interface CheckedRequest {
  orders: CheckedOrder[];
  /** `cOID`s of the account's orders today (a modification leaves out the order itself). */
  usedRefs: ReadonlySet<string>;
  /** Tickets of the request facing a working order on the opposite side of their contract, in
   * their account (a modification leaves out the order itself). */
  crossing: ReadonlySet<OrderTicket>;
}

export interface RejectRule {
  number: number;
  when: string;
  /** The reject's `error`, or undefined when the rule does not apply to this order. */
  check(order: CheckedOrder, request: CheckedRequest): string | undefined;
}

export interface WarningRule {
  messageId: string;
  when: string;
  applies(order: CheckedOrder, request: CheckedRequest): boolean;
  message(order: CheckedOrder): string;
}

/** Distance of an `LMT` or `STOP_LIMIT` limit price from the last price, as a share of it. */
function limitDistance({ ticket, last }: CheckedOrder): number | undefined {
  if (
    (ticket.orderType !== 'LMT' && ticket.orderType !== 'STOP_LIMIT') ||
    ticket.price === undefined
  )
    return undefined;
  if (last === undefined || last <= 0) return undefined;
  return Math.abs(ticket.price - last) / last;
}

/** Several orders are allowed together only as one OCA group or one bracket. */
function isGroupOrBracket(tickets: OrderTicket[]): boolean {
  if (tickets.length <= 1 || tickets.every((ticket) => ticket.isSingleGroup)) return true;
  const parents = tickets.filter((ticket) => ticket.parentRef === undefined);
  const [parent] = parents;
  return (
    parents.length === 1 &&
    parent?.cOID !== undefined &&
    tickets.every((ticket) => ticket === parent || ticket.parentRef === parent.cOID)
  );
}

/** Rejects, evaluated first, in this order; the first that applies to an order answers. */
export const rejectRules: readonly RejectRule[] = [
  {
    number: 1,
    when: "the account lacks trading permission for the contract's security type",
    check: ({ account, instrument }) =>
      account.permissions.includes(instrument.secType)
        ? undefined
        : orderTexts.rejects.noPermission(instrument.secType),
  },
  {
    number: 2,
    when: 'the contract is expired or not tradable',
    check: ({ instrument, tradable }) =>
      tradable ? undefined : orderTexts.rejects.notTradable(instrument.conid),
  },
  {
    number: 3,
    when: 'an LMT or STOP_LIMIT limit price is more than 50 % away from the last price',
    check: (order) =>
      (limitDistance(order) ?? 0) > ruleLimits.rejectPriceDistance
        ? orderTexts.rejects.priceTooFar
        : undefined,
  },
  {
    number: 4,
    when: "a BUY order's value exceeds what the account may spend: a cash account's available funds, a margin account's buying power (an allocated order's: a sub-account's part exceeds that sub-account's)",
    check: ({ ticket, checksValue, funds }) =>
      ticket.side === 'BUY' && checksValue && funds.some((part) => part.value > part.limit)
        ? orderTexts.rejects.insufficientFunds
        : undefined,
  },
  {
    number: 5,
    when: 'the request holds several orders that are neither one OCA group nor one bracket',
    check: (_order, request) =>
      isGroupOrBracket(request.orders.map((order) => order.ticket))
        ? undefined
        : orderTexts.rejects.bulk,
  },
  {
    number: 6,
    when: 'a cOID is already used by an order of the account today (or twice in the request)',
    check: ({ ticket }, request) => {
      if (ticket.cOID === undefined) return undefined;
      const inRequest = request.orders.filter((order) => order.ticket.cOID === ticket.cOID).length;
      return request.usedRefs.has(ticket.cOID) || inRequest > 1
        ? orderTexts.rejects.duplicateRef(ticket.cOID)
        : undefined;
    },
  },
  {
    number: 7,
    when: "`quantity` is not a whole number of the contract's size increment (in decimal, not floating point): whole units, or fractions to 4 decimals for the order types a US stock trades in fractions (the contract rules' `fraqTypes`); a size given as `fxQty` that reads as 0 at 4 decimals",
    check: ({ ticket, sizeIncrement }) => {
      if (!ticket.quantityGiven)
        return formatQuantity(ticket.quantity) === '0' ? orderTexts.rejects.zeroSize : undefined;
      if (isWholeMultiple(ticket.quantity, sizeIncrement)) return undefined;
      return sizeIncrement === 1
        ? orderTexts.rejects.fractional
        : orderTexts.rejects.sizeIncrement(sizeIncrement);
    },
  },
  {
    number: 8,
    when: "`price` or `auxPrice` is not a whole number of the contract's price increment at that price (in decimal, not floating point)",
    check: ({ ticket, priceIncrement }) =>
      [ticket.price, ticket.auxPrice].every(
        (price) => price === undefined || isWholeMultiple(price, priceIncrement),
      )
        ? undefined
        : orderTexts.rejects.priceIncrement,
  },
  {
    number: 9,
    when: 'a pre-trade compliance restriction attached to the account forbids the order (CLOSINGONLY: it does not only reduce a position)',
    check: ({ account, restrictedBy }) =>
      restrictedBy === undefined
        ? undefined
        : orderTexts.rejects.restricted(account.id, restrictedBy),
  },
];

/** Warnings, in this order; one per round, the first that applies to any order of the request. */
export const warningRules: readonly WarningRule[] = [
  {
    messageId: 'o10151',
    when: 'the order is a market order (MKT)',
    applies: ({ ticket }) => ticket.orderType === 'MKT',
    message: () => orderTexts.warnings.marketOrder,
  },
  {
    messageId: 'o163',
    when: 'an LMT or STOP_LIMIT limit price is more than 3 % (and at most 50 %) away from the last price',
    applies: (order) => (limitDistance(order) ?? 0) > ruleLimits.warnPriceDistance,
    message: ({ description }) =>
      orderTexts.warnings.priceConstraint(description, ruleLimits.warnPriceDistance * 100),
  },
  {
    messageId: 'o354',
    when: 'the simulator has no market data for the contract',
    applies: ({ last }) => last === undefined,
    message: () => orderTexts.warnings.noMarketData,
  },
  {
    messageId: 'o383',
    when: '`quantity` is above 1000 units (the size limit)',
    applies: ({ ticket }) => ticket.quantityGiven && ticket.quantity > ruleLimits.sizeLimit,
    message: ({ description }) => orderTexts.warnings.sizeLimit(description, ruleLimits.sizeLimit),
  },
  {
    messageId: 'o451',
    when: "the order value is above 20 % of the account's net liquidation value",
    applies: ({ checksValue, value, values }) =>
      checksValue &&
      value !== undefined &&
      value > values.total.netLiquidation * ruleLimits.totalValueShare,
    message: ({ description, value, values }) =>
      orderTexts.warnings.totalValueLimit(
        description,
        formatMoney(value ?? 0, values.baseCurrency),
        formatMoney(
          values.total.netLiquidation * ruleLimits.totalValueShare,
          values.baseCurrency,
          0,
        ),
      ),
  },
  {
    messageId: 'o2137',
    when: 'the account has an open order (PendingSubmit, PreSubmitted or Submitted) on the opposite side of the same contract',
    applies: ({ ticket }, request) => request.crossing.has(ticket),
    message: () => orderTexts.warnings.oppositeSide,
  },
];

/** The full text of a warning. */
export const warningText = (rule: WarningRule, order: CheckedOrder) =>
  `${rule.message(order)}\n${orderTexts.warnings.question}`;

/** The first reject of the request, if any. */
export function firstReject(
  request: CheckedRequest,
  rules: readonly RejectRule[] = rejectRules,
): string | undefined {
  for (const rule of rules) {
    for (const order of request.orders) {
      const error = rule.check(order, request);
      if (error !== undefined) return error;
    }
  }
  return undefined;
}

/** The first warning at or after `fromIndex` that applies and is not suppressed. */
export function nextWarning(
  request: CheckedRequest,
  fromIndex: number,
  suppressed: ReadonlySet<string>,
): { index: number; rule: WarningRule; order: CheckedOrder } | undefined {
  for (let index = fromIndex; index < warningRules.length; index++) {
    const rule = warningRules[index] as WarningRule;
    if (suppressed.has(rule.messageId)) continue;
    const order = request.orders.find((candidate) => rule.applies(candidate, request));
    if (order) return { index, rule, order };
  }
  return undefined;
}

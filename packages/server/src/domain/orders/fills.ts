import { blendedAverageCost, withCash, withPosition } from '../accounts/cash.js';
import type { Account, Position } from '../accounts/model.js';
import type { Instrument } from '../market/model.js';
import type { Order, OrderStatus, OrderType, Side } from './model.js';
import { cents, roundTo } from '../kernel/money.js';

/** Order types triggered when the market moves through their stop price (up for a BUY). */
const stopOrderTypes: readonly OrderType[] = ['STP', 'STOP_LIMIT', 'TRAIL', 'TRAILLMT'];
/** Order types triggered when the market touches their trigger price (down for a BUY). */
const touchOrderTypes: readonly OrderType[] = ['MIT', 'LIT'];
/** Order types that wait (PreSubmitted) until the market reaches their stop or trigger price. */
const triggeredOrderTypes: readonly OrderType[] = [...stopOrderTypes, ...touchOrderTypes];

/** PreSubmitted while a bracket child waits for its parent or a stop for its trigger; Submitted otherwise. */
export function workingStatus(order: Order): OrderStatus {
  if (order.awaitsParent) return 'PreSubmitted';
  return triggeredOrderTypes.includes(order.orderType) && !order.triggered
    ? 'PreSubmitted'
    : 'Submitted';
}

/** The stop price an order starts with: the stop of `STP` and `STOP_LIMIT`, the trigger of `MIT`
 * and `LIT`, the given initial stop of a trailing order. */
export function initialStopPrice(
  order: Pick<Order, 'orderType' | 'price' | 'auxPrice'>,
): number | undefined {
  if (order.orderType === 'STP' || order.orderType === 'MIT') return order.price;
  if (order.orderType === 'STOP_LIMIT' || order.orderType === 'LIT') return order.auxPrice;
  if (order.orderType === 'TRAIL' || order.orderType === 'TRAILLMT') return order.price;
  return undefined;
}

/** The limit price an order fills within, once triggered; undefined when it takes any price. */
function limitOf(order: Order, stopPrice: number | undefined): number | undefined {
  switch (order.orderType) {
    case 'LMT':
    case 'STOP_LIMIT':
    case 'MIDPRICE':
    case 'LIT':
    case 'REL':
    case 'LOC':
      return order.price;
    case 'TRAILLMT':
      return stopPrice === undefined
        ? undefined
        : roundTo(stopPrice + (order.side === 'BUY' ? 1 : -1) * (order.auxPrice ?? 0), 4);
    default:
      return undefined;
  }
}

export interface FillCheck {
  stopPrice: number | undefined;
  triggered: boolean;
  /** The price the order fills at now, if it does. */
  fillPrice: number | undefined;
}

/** What the order does at the last price `last`: a trailing stop follows it, a stop triggers when it is
 * reached, and the order fills at `last` when it is marketable (market orders always, limits when crossed). */
export function checkFill(order: Order, last: number): FillCheck {
  const buy = order.side === 'BUY';
  let { stopPrice, triggered } = order;
  if ((order.orderType === 'TRAIL' || order.orderType === 'TRAILLMT') && !triggered) {
    const amount = order.trailingAmt ?? 0;
    const distance = order.trailingType === '%' ? (last * amount) / 100 : amount;
    const follow = roundTo(buy ? last + distance : last - distance, 4);
    stopPrice =
      stopPrice === undefined
        ? follow
        : buy
          ? Math.min(stopPrice, follow)
          : Math.max(stopPrice, follow);
  }
  if (triggeredOrderTypes.includes(order.orderType) && !triggered) {
    const upward = buy === stopOrderTypes.includes(order.orderType);
    triggered = stopPrice !== undefined && (upward ? last >= stopPrice : last <= stopPrice);
    if (!triggered) return { stopPrice, triggered, fillPrice: undefined };
  }
  const limit = limitOf(order, stopPrice);
  const marketable = limit === undefined || (buy ? last <= limit : last >= limit);
  return { stopPrice, triggered, fillPrice: marketable ? last : undefined };
}

/** The prices at which a price change can make a working order do anything (trail, trigger or
 * fill, as `checkFill` decides): every price, none, or a price at or below / at or above a level.
 * The matching touches only the orders a new price wakes. */
export type Wake = 'always' | 'never' | { when: 'atOrBelow' | 'atOrAbove'; price: number };

/** When `checkFill` can change the order: a trailing stop follows every price; an untriggered
 * stop or touch order waits for its stop price; then the order fills within its limit, or at any
 * price without one. */
export function wakeOf(order: Order): Wake {
  const buy = order.side === 'BUY';
  if (triggeredOrderTypes.includes(order.orderType) && !order.triggered) {
    if (order.orderType === 'TRAIL' || order.orderType === 'TRAILLMT') return 'always';
    if (order.stopPrice === undefined) return 'never';
    const upward = buy === stopOrderTypes.includes(order.orderType);
    return { when: upward ? 'atOrAbove' : 'atOrBelow', price: order.stopPrice };
  }
  const limit = limitOf(order, order.stopPrice);
  if (limit === undefined) return 'always';
  return { when: buy ? 'atOrBelow' : 'atOrAbove', price: limit };
}

/** The base and quote currencies of a currency pair (`EUR.USD`). */
export function pairCurrencies(instrument: Instrument): [string, string] {
  const [base = instrument.symbol, quote = instrument.currency] = instrument.symbol.split('.');
  return [base, quote];
}

/** What an execution of `size` units at `price` is worth, in whole cents: the amount its trade
 * row shows (`net_amount`) and its cash moves by, so that the rows add up to the ledger. */
export const executionValue = (size: number, price: number, multiplier: number): number =>
  cents(size * price * multiplier);

/** An account after an execution: cash, positions and realized P&L, which valuation reads.
 * A currency pair converts cash; futures settle only their realized P&L; other contracts pay their
 * value. Answers the new account (the one given is not changed) and the execution's realized P&L. */
export function bookExecution(
  account: Account,
  instrument: Instrument,
  side: Side,
  size: number,
  price: number,
  commission: number,
): { account: Account; realizedPnl: number } {
  const signed = side === 'BUY' ? size : -size;
  if (instrument.secType === 'CASH') {
    const [base, quote] = pairCurrencies(instrument);
    const converted = withCash(account, base, signed);
    const value = Math.sign(signed) * executionValue(size, price, 1);
    return { account: withCash(converted, quote, -value - commission), realizedPnl: 0 };
  }
  const currency = instrument.currency;
  const held = account.positions.find((candidate) => candidate.conid === instrument.conid) ?? {
    conid: instrument.conid,
    quantity: 0,
    averageCost: price,
  };
  let realized = 0;
  let averageCost: number;
  const after = roundTo(held.quantity + signed, 6);
  if (held.quantity !== 0 && Math.sign(held.quantity) !== Math.sign(signed)) {
    const closed = Math.min(Math.abs(held.quantity), size);
    realized = roundTo(
      closed * (price - held.averageCost) * instrument.multiplier * Math.sign(held.quantity),
      2,
    );
    averageCost = Math.sign(after) === -Math.sign(held.quantity) ? price : held.averageCost;
  } else {
    averageCost = blendedAverageCost(held, size, price);
  }
  const position: Position = {
    ...held,
    quantity: after,
    averageCost,
    ...(realized === 0 ? {} : { realizedPnl: roundTo((held.realizedPnl ?? 0) + realized, 2) }),
  };
  const positions = withPosition(account, position);
  const booked: Account = {
    ...account,
    positions,
    ...(realized === 0
      ? {}
      : {
          realizedPnl: {
            ...account.realizedPnl,
            [currency]: roundTo((account.realizedPnl?.[currency] ?? 0) + realized, 2),
          },
        }),
  };
  const paid =
    instrument.secType === 'FUT'
      ? -realized
      : Math.sign(signed) * executionValue(size, price, instrument.multiplier);
  return { account: withCash(booked, currency, -paid - commission), realizedPnl: realized };
}

import { addCash } from '../accounts/cash.js';
import type { Account } from '../accounts/model.js';
import type { Instrument } from '../market/model.js';
import type { Order, OrderType, Side } from './model.js';

/** Order types triggered when the market moves through their stop price (up for a BUY). */
const stopOrderTypes: readonly OrderType[] = ['STP', 'STOP_LIMIT', 'TRAIL', 'TRAILLMT'];
/** Order types triggered when the market touches their trigger price (down for a BUY). */
const touchOrderTypes: readonly OrderType[] = ['MIT', 'LIT'];
/** Order types that wait (PreSubmitted) until the market reaches their stop or trigger price. */
export const triggeredOrderTypes: readonly OrderType[] = [...stopOrderTypes, ...touchOrderTypes];

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

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
        : round(stopPrice + (order.side === 'BUY' ? 1 : -1) * (order.auxPrice ?? 0), 4);
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
    const follow = round(buy ? last + distance : last - distance, 4);
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

/** Books an execution on the account: cash, positions and realized P&L, which valuation reads.
 * A currency pair converts cash; futures settle only their realized P&L; other contracts pay their value.
 * Returns the realized P&L of the execution. */
export function bookExecution(
  account: Account,
  instrument: Instrument,
  side: Side,
  size: number,
  price: number,
  commission: number,
): number {
  const signed = side === 'BUY' ? size : -size;
  if (instrument.secType === 'CASH') {
    const [base, quote] = pairCurrencies(instrument);
    addCash(account, base, signed);
    addCash(account, quote, -signed * price - commission);
    return 0;
  }
  const currency = instrument.currency;
  let position = account.positions.find((candidate) => candidate.conid === instrument.conid);
  if (!position) {
    position = { conid: instrument.conid, quantity: 0, averageCost: price };
    account.positions.push(position);
  }
  let realized = 0;
  const held = position.quantity;
  const after = round(held + signed, 6);
  if (held !== 0 && Math.sign(held) !== Math.sign(signed)) {
    const closed = Math.min(Math.abs(held), size);
    realized = round(
      closed * (price - position.averageCost) * instrument.multiplier * Math.sign(held),
      2,
    );
    if (Math.sign(after) === -Math.sign(held)) position.averageCost = price;
  } else {
    position.averageCost = round(
      (Math.abs(held) * position.averageCost + size * price) / Math.abs(after),
      6,
    );
  }
  position.quantity = after;
  if (realized !== 0) position.realizedPnl = round((position.realizedPnl ?? 0) + realized, 2);
  if (after === 0)
    account.positions = account.positions.filter((candidate) => candidate !== position);
  if (realized !== 0) {
    account.realizedPnl = {
      ...account.realizedPnl,
      [currency]: round((account.realizedPnl?.[currency] ?? 0) + realized, 2),
    };
  }
  const paid = instrument.secType === 'FUT' ? -realized : signed * price * instrument.multiplier;
  addCash(account, currency, -paid - commission);
  return realized;
}

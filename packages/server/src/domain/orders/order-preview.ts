import type { Account } from '../accounts/model.js';
import { valueAccount, type AccountValues } from '../accounts/valuation.js';
import type { Market } from '../market/market.js';
import type { Instrument } from '../market/model.js';
import { executionCommission } from './commission.js';
import { bookExecution, pairCurrencies } from './fills.js';
import type { Side } from './model.js';
import type { CheckedOrder } from './order-rules.js';

/** What one order would do to its account if it executed in full now. */
export interface OrderProjection {
  instrument: Instrument;
  side: Side;
  units: number;
  /** The execution price: the order's own price (limit or stop), else the last price. */
  price: number;
  /** Units × price × multiplier, in the contract's currency. */
  value: number;
  commission: number;
  before: AccountValues;
  after: AccountValues;
  /** The account's holding of the contract, in units (of the base currency for a currency pair). */
  position: { before: number; after: number };
}

/** What a what-if request answers: the first order's projection (none when it cannot be
 * valued), the reject placement would meet and the first warning it would raise. */
export interface OrderPreview {
  projection: OrderProjection | undefined;
  error: string | undefined;
  warning: { messageId: string; message: string } | undefined;
}

function holding(account: Account, instrument: Instrument): number {
  if (instrument.secType === 'CASH') return account.cash[pairCurrencies(instrument)[0]] ?? 0;
  return account.positions.find((position) => position.conid === instrument.conid)?.quantity ?? 0;
}

/** Books the order's full execution on a copy of its account (the fills' own booking and
 * commission) and values the copy: the account itself is not touched. */
export function projectOrder(order: CheckedOrder, market: Market): OrderProjection | undefined {
  const { ticket, instrument, account } = order;
  const price = ticket.price ?? order.last;
  if (price === undefined) return undefined;
  const units = ticket.quantity;
  const commission = executionCommission(instrument, units, price);
  const projected = bookExecution(
    account,
    instrument,
    ticket.side,
    units,
    price,
    commission,
  ).account;
  return {
    instrument,
    side: ticket.side,
    units,
    price,
    value: units * price * instrument.multiplier,
    commission,
    before: order.values,
    after: valueAccount(projected, market),
    position: { before: holding(account, instrument), after: holding(projected, instrument) },
  };
}

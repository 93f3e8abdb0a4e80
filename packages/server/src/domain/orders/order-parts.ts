import { allocateOrder } from '../accounts/order-allocation.js';
import type { AccountsArea } from '../accounts/brokerage.js';
import type { Account } from '../accounts/model.js';
import { sizeIncrementOf } from '../contracts/contract-rules.js';
import type { Instrument } from '../market/model.js';
import type { OrderTicket } from './model.js';

/** One account's part of an order, as a fill books it. */
export interface OrderPart {
  account: Account;
  size: number;
}

/** Who takes how much of an order: its account, or the sub-accounts of an allocated order, each
 * its part in whole units (or the contract's size increment for a fractional order). Placement
 * checks the parts' funds, and a fill books them, from this one split. */
export function orderParts(
  accounts: Pick<AccountsArea, 'market' | 'account'>,
  order: Pick<
    OrderTicket,
    'allocation' | 'allocatedTo' | 'conid' | 'side' | 'quantity' | 'orderType'
  >,
  instrument: Instrument,
): OrderPart[] {
  const accountOf = (id: string) => accounts.account(id);
  if (!order.allocation) {
    const account = accountOf(order.allocatedTo);
    return account ? [{ account, size: order.quantity }] : [];
  }
  const { market } = accounts;
  const step = Number.isInteger(order.quantity)
    ? 1
    : sizeIncrementOf(market, instrument, order.orderType);
  return allocateOrder(order.allocation, order, step, accountOf, market).flatMap(
    ({ accountId, quantity }) => {
      const account = accountOf(accountId);
      return account ? [{ account, size: quantity }] : [];
    },
  );
}

import type { Schema } from '@brokerage/types';
import type { Brokerage } from '../accounts/brokerage.js';
import { badRequest } from '../kernel/errors.js';
import type { Execution } from './model.js';
import { executionDescription, formatPrice, orderTexts } from './order-text.js';
import type { Session } from '../auth/sessions.js';
import { dashedTimestamp, dayMs, startOfUtcDay } from '../kernel/time-format.js';

/** The trades window: the current day and up to six previous days. */
export const maxTradeDays = 7;

/** Executions of the account (by default the session's selected one; for an advisor's master,
 * with its sub-accounts) over the current day and the `days - 1` previous ones, newest first. */
export function executionsOf(
  brokerage: Brokerage,
  session: Session,
  days = 1,
  accountId: string = session.selectedAccountId,
): Execution[] {
  const selected = brokerage.accountFor(session, accountId).id;
  const accounts = new Set([
    selected,
    ...brokerage.store
      .collection('accounts')
      .values()
      .filter((account) => account.parent === selected)
      .map((account) => account.id),
  ]);
  // The validator's coercion lets through what is not a number of days ('1e999' is Infinity,
  // which skips its bounds): a window it cannot cover is refused rather than clamped.
  if (!Number.isInteger(days) || days < 1 || days > maxTradeDays) {
    throw badRequest(orderTexts.errors.tradeDays(maxTradeDays));
  }
  const from = startOfUtcDay(brokerage.clock.now()) - (days - 1) * dayMs;
  return brokerage.store
    .collection('executions')
    .values()
    .filter((execution) => accounts.has(execution.account) && execution.time >= from)
    .sort((a, b) => b.time - a.time || b.orderId - a.orderId);
}

/** One execution by its id (the bus names the executions it books). */
export function executionById(brokerage: Brokerage, id: string): Execution | undefined {
  return brokerage.store.collection('executions').get(id);
}

/** An execution as the trades operation answers it. */
export function tradeView(brokerage: Brokerage, execution: Execution): Schema<'Trade'> {
  const instrument = brokerage.market.instrument(execution.conid);
  const multiplier = instrument?.multiplier ?? 1;
  const symbol = instrument?.symbol ?? String(execution.conid);
  return {
    execution_id: execution.id,
    symbol,
    supports_tax_opt: instrument?.secType === 'STK' ? '1' : '0',
    side: execution.side === 'BUY' ? 'B' : 'S',
    order_description: executionDescription(
      execution.side,
      execution.size,
      execution.price,
      execution.exchange,
    ),
    ...(execution.cOID === undefined ? {} : { order_ref: execution.cOID }),
    trade_time: dashedTimestamp(execution.time),
    trade_time_r: execution.time,
    size: execution.size,
    price: formatPrice(execution.price),
    submitter: execution.submitter,
    exchange: execution.exchange,
    commission: execution.commission.toFixed(2),
    net_amount: Math.round(execution.size * execution.price * multiplier * 100) / 100,
    account: execution.account,
    accountCode: execution.account,
    account_allocation_name: execution.account,
    company_name: instrument?.companyName ?? symbol,
    contract_description_1: instrument?.description ?? symbol,
    sec_type: instrument?.secType ?? 'STK',
    listing_exchange: instrument?.exchange ?? execution.exchange,
    conid: execution.conid,
    conidEx: String(execution.conid),
    clearing_id: 'IB',
    clearing_name: 'IB',
    liquidation_trade: '0',
    is_event_trading: instrument?.secType === 'EVENT' ? '1' : '0',
    order_id: execution.orderId,
  };
}

import type { OrdersStore } from './store-view.js';
import type { Schema } from '@brokerage/types';
import { childAccountIds } from '../accounts/accounts.js';
import type { AccountsArea, AreaContext } from '../accounts/brokerage.js';
import { badRequest } from '../kernel/errors.js';
import type { Index } from '../kernel/store.js';
import { historyDays } from '../market/seeded-history.js';
import { executionValue } from './fills.js';
import type { Execution } from './model.js';
import { executionDescription, formatPrice, orderTexts } from './order-texts.js';
import type { Session } from '../accounts/sessions.js';
import { dashedTimestamp, dayMs, startOfUtcDay } from '../kernel/time-format.js';

/** The trades window: the current day and up to six previous days. */
export const maxTradeDays = 7;
/** How long the portfolio analyst's transactions go back: the price path's year of history. */
export const transactionHistoryDays = historyDays;

const dayKey = (accountId: string, time: number) => `${accountId}|${startOfUtcDay(time)}`;

/** The executions by account and UTC day (the trades operations read only the days asked), and
 * the portfolio analyst's history by account and contract: declared when the matching is built. */
export function declareExecutionIndexes(store: OrdersStore): {
  byAccountDay: Index<Execution>;
  historyByContract: Index<Execution>;
} {
  return {
    byAccountDay: store
      .collection('executions')
      .index('byAccountDay', (execution) => dayKey(execution.account, execution.time)),
    historyByContract: store
      .collection('executionHistory')
      .index('byAccountContract', (execution) => `${execution.account}|${execution.conid}`),
  };
}

/** Stores an execution for as long as something shows it: the trades for the trades window, the
 * portfolio analyst's transactions for its history. Positions and cash are booked on the account
 * when the execution happens, so forgetting executions changes neither. */
export function keepExecution(store: OrdersStore, execution: Execution): void {
  const day = startOfUtcDay(execution.time);
  store
    .collection('executions')
    .set(execution.id, execution, { expiresAt: day + maxTradeDays * dayMs });
  store
    .collection('executionHistory')
    .set(execution.id, execution, { expiresAt: day + transactionHistoryDays * dayMs });
}

/** The accounts' executions in the contract since `from`, newest first (of two at the same
 * time, the later one first). */
export function executionsInContract(
  store: OrdersStore,
  accountIds: readonly string[],
  conid: number,
  from: number,
): Execution[] {
  const { historyByContract } = declareExecutionIndexes(store);
  return [...new Set(accountIds)]
    .flatMap((accountId) => historyByContract.get(`${accountId}|${conid}`))
    .filter((execution) => execution.time >= from)
    .reverse() // each account's in the order they happened
    .sort((a, b) => b.time - a.time);
}

/** Executions of the account (by default the session's selected one; for an advisor's master,
 * with its sub-accounts) over the current day and the `days - 1` previous ones, newest first. */
export function executionsOf(
  context: AreaContext<'clock', 'accountFor' | 'accounts', OrdersStore>,
  session: Session,
  days = 1,
  accountId: string = session.selectedAccountId,
): Execution[] {
  const selected = context.accounts.accountFor(session, accountId).id;
  const accounts = new Set([selected, ...childAccountIds(context.accounts, selected)]);
  // The validator's coercion lets through what is not a number of days ('1e999' is Infinity,
  // which skips its bounds): a window it cannot cover is refused rather than clamped.
  if (!Number.isInteger(days) || days < 1 || days > maxTradeDays) {
    throw badRequest(orderTexts.errors.tradeDays(maxTradeDays));
  }
  const today = startOfUtcDay(context.clock.now());
  const { byAccountDay } = declareExecutionIndexes(context.store);
  return [...accounts]
    .flatMap((account) =>
      Array.from({ length: days }, (_, back) =>
        byAccountDay.get(dayKey(account, today - back * dayMs)),
      ).flat(),
    )
    .sort(
      // The parts of one fill in their order.
      (a, b) => b.time - a.time || b.orderId - a.orderId || (a.id < b.id ? -1 : 1),
    );
}

/** The portfolio analyst's executions (`executionHistory`) by account and UTC day (days since
 * the epoch), so that a report costs what its period holds. */
const historyByAccountDay = (store: OrdersStore) =>
  store
    .collection('executionHistory')
    .index('byAccountUtcDay', (execution) => dayKey(execution.account, execution.time));

/** The account's executions kept for the portfolio analyst on the UTC days `firstDay` to
 * `lastDay` (days since the epoch, both included), in the order they happened: what the account
 * management's reports are made of. */
export function executionsBetween(
  store: OrdersStore,
  accountId: string,
  firstDay: number,
  lastDay: number,
): Execution[] {
  const byDay = historyByAccountDay(store);
  const executions: Execution[] = [];
  for (let day = firstDay; day <= lastDay; day++)
    executions.push(...byDay.get(dayKey(accountId, day * dayMs)));
  return executions.sort(
    (a, b) => a.time - b.time || a.orderId - b.orderId || (a.id < b.id ? -1 : 1),
  );
}

/** Whether the account executed anything kept for the portfolio analyst on the UTC day. */
export function executedOn(store: OrdersStore, accountId: string, day: number): boolean {
  return historyByAccountDay(store).some(dayKey(accountId, day * dayMs), () => true);
}

/** One execution by its id (the bus names the executions it books). */
export function executionById(store: OrdersStore, id: string): Execution | undefined {
  return store.collection('executions').get(id);
}

/** An execution as the trades operation answers it; the simulation always sends the fields the
 * service may leave out (but `order_ref`), so its type says so, for the stream's view. */
export function tradeView(accounts: Pick<AccountsArea, 'market'>, execution: Execution) {
  const instrument = accounts.market.instrument(execution.conid);
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
    net_amount: executionValue(execution.size, execution.price, multiplier),
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
  } satisfies Schema<'Trade'>;
}

export type TradeView = ReturnType<typeof tradeView>;

// An account's statement over a period: its executions, every change of its cash (trades,
// commissions, deposits, withdrawals, internal transfers, dividends and the tax withheld) with the balance after each, the
// positions transferred in or out, and the totals per currency from the opening cash to the
// closing cash (the ledger's cash when the period reaches today).
import type { AccountsArea } from '../accounts/brokerage.js';
import type { Account } from '../accounts/model.js';
import type { BookedMovement } from '../banking/model.js';
import type { DividendEntitlement } from '../dividends/model.js';
import { bankingCash, positionTransfer, type PositionTransfer } from './report-banking.js';
import { dividendCash } from './report-dividends.js';
import { cashMovements, type CashMovement, type ReportedExecution } from './report-executions.js';
import { periodOf, type DaySpan } from './report-periods.js';
import { accountReport, utcTimestamp, type Report, type ReportTable } from './report.js';
import { cents } from '../kernel/money.js';

/** What an account did over some days, as a statement shows it. */
export interface Activity {
  executions: ReportedExecution[];
  /** Every change of its cash, in the order they happened; at the same time a banking movement
   * first (settlement runs on the clock's timer, before the requests of that instant). */
  cash: CashMovement[];
  positions: PositionTransfer[];
}

export function activityOf(
  accounts: Pick<AccountsArea, 'market'>,
  executions: ReportedExecution[],
  booked: BookedMovement[],
  dividends: DividendEntitlement[],
): Activity {
  const banked = booked.flatMap((movement) => bankingCash(movement) ?? []);
  // Paid at the start of a day, before anything else moves that day.
  const paid = dividends.flatMap(dividendCash);
  return {
    executions,
    cash: [...paid, ...banked, ...executions.flatMap(cashMovements)].sort(
      (a, b) => a.time - b.time,
    ),
    positions: booked.flatMap((movement) => positionTransfer(accounts, movement) ?? []),
  };
}

function tradesTable(executions: ReportedExecution[]): ReportTable {
  return {
    title: 'Trades',
    empty: 'No trades in this period.',
    columns: [
      { key: 'time', title: 'Date/time (UTC)', kind: 'text', width: 0.13 },
      { key: 'executionId', title: 'Execution', kind: 'text', width: 0.15 },
      { key: 'orderId', title: 'Order', kind: 'number', width: 0.09 },
      { key: 'symbol', title: 'Symbol', kind: 'text', width: 0.08 },
      { key: 'side', title: 'Side', kind: 'text', width: 0.05 },
      { key: 'quantity', title: 'Quantity', kind: 'number', width: 0.07 },
      { key: 'price', title: 'Price', kind: 'price', width: 0.08 },
      { key: 'proceeds', title: 'Proceeds', kind: 'money', width: 0.1 },
      { key: 'commission', title: 'Commission', kind: 'money', width: 0.08 },
      { key: 'realizedPnl', title: 'Realized P&L', kind: 'money', width: 0.1 },
      { key: 'currency', title: 'Currency', kind: 'text', width: 0.07 },
    ],
    rows: executions.map(({ execution, symbol, currency, proceeds }) => ({
      time: utcTimestamp(execution.time),
      executionId: execution.id,
      orderId: execution.orderId,
      symbol,
      side: execution.side,
      quantity: execution.size,
      price: execution.price,
      proceeds,
      commission: cents(execution.commission),
      realizedPnl: cents(execution.realizedPnl ?? 0),
      currency,
    })),
  };
}

/** Cash by currency. */
type Balances = Map<string, number>;

const added = (balances: Balances, movement: CashMovement, sign = 1) =>
  balances.set(
    movement.currency,
    cents((balances.get(movement.currency) ?? 0) + sign * movement.amount),
  );

function cashTable(cash: CashMovement[], opening: Balances): ReportTable {
  const balances: Balances = new Map(opening);
  return {
    title: 'Cash movements',
    empty: 'No cash movements in this period.',
    columns: [
      { key: 'time', title: 'Date/time (UTC)', kind: 'text', width: 0.14 },
      { key: 'kind', title: 'Kind', kind: 'text', width: 0.1 },
      { key: 'description', title: 'Description', kind: 'text', width: 0.4 },
      { key: 'currency', title: 'Currency', kind: 'text', width: 0.08 },
      { key: 'amount', title: 'Amount', kind: 'money', width: 0.14 },
      { key: 'balance', title: 'Balance', kind: 'money', width: 0.14 },
    ],
    rows: cash.map((movement) => ({
      ...movement,
      time: utcTimestamp(movement.time),
      balance: added(balances, movement).get(movement.currency) ?? 0,
    })),
  };
}

function positionsTable(positions: PositionTransfer[]): ReportTable {
  return {
    title: 'Position transfers',
    empty: 'No positions transferred in this period.',
    columns: [
      { key: 'time', title: 'Date/time (UTC)', kind: 'text', width: 0.14 },
      { key: 'kind', title: 'Kind', kind: 'text', width: 0.1 },
      { key: 'description', title: 'Description', kind: 'text', width: 0.24 },
      { key: 'symbol', title: 'Symbol', kind: 'text', width: 0.08 },
      { key: 'quantity', title: 'Quantity', kind: 'number', width: 0.1 },
      { key: 'costBasis', title: 'Cost basis', kind: 'price', width: 0.11 },
      { key: 'value', title: 'Value at cost', kind: 'money', width: 0.13 },
      { key: 'currency', title: 'Currency', kind: 'text', width: 0.1 },
    ],
    rows: positions.map((transfer) => ({
      ...transfer,
      time: utcTimestamp(transfer.time),
      value: cents(transfer.quantity * transfer.costBasis),
    })),
  };
}

/** Which total of the statement each kind of cash movement adds to. */
type Total = 'trades' | 'commissions' | 'external' | 'internal' | 'dividends';
const totalOf: Record<CashMovement['kind'], Total> = {
  Trade: 'trades',
  Commission: 'commissions',
  Deposit: 'external',
  Withdrawal: 'external',
  'Transfer in': 'internal',
  'Transfer out': 'internal',
  Dividend: 'dividends',
  'Withholding tax': 'dividends',
};

/** Opening cash + trades + commissions + deposits and withdrawals + internal transfers +
 * dividends (net of tax withheld) = closing cash, per currency. */
function totalsTable(period: Activity, opening: Balances, closing: Balances): ReportTable {
  const zero = {
    trades: 0,
    commissions: 0,
    external: 0,
    internal: 0,
    dividends: 0,
    realizedPnl: 0,
  };
  const totals = new Map<string, typeof zero>();
  const of = (currency: string) => {
    const entry = totals.get(currency) ?? { ...zero };
    totals.set(currency, entry);
    return entry;
  };
  for (const movement of period.cash)
    of(movement.currency)[totalOf[movement.kind]] += movement.amount;
  for (const item of period.executions)
    of(item.currency).realizedPnl += item.execution.realizedPnl ?? 0;
  for (const currency of closing.keys()) of(currency);
  return {
    title: 'Totals by currency',
    empty: 'No currency.',
    columns: [
      { key: 'currency', title: 'Currency', kind: 'text', width: 0.07 },
      { key: 'opening', title: 'Opening cash', kind: 'money', width: 0.12 },
      { key: 'trades', title: 'Trades', kind: 'money', width: 0.11 },
      { key: 'commissions', title: 'Commissions', kind: 'money', width: 0.11 },
      { key: 'external', title: 'Deposits/withdrawals', kind: 'money', width: 0.13 },
      { key: 'internal', title: 'Internal transfers', kind: 'money', width: 0.12 },
      { key: 'dividends', title: 'Dividends (net)', kind: 'money', width: 0.11 },
      { key: 'closing', title: 'Closing cash', kind: 'money', width: 0.12 },
      { key: 'realizedPnl', title: 'Realized P&L', kind: 'money', width: 0.11 },
    ],
    rows: [...totals.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, entry]) => ({
        currency,
        opening: opening.get(currency) ?? 0,
        trades: cents(entry.trades),
        commissions: cents(entry.commissions),
        external: cents(entry.external),
        internal: cents(entry.internal),
        dividends: cents(entry.dividends),
        closing: closing.get(currency) ?? 0,
        realizedPnl: cents(entry.realizedPnl),
      })),
  };
}

/** The statement of `period`'s activity; `later`, what the account did after the period up to
 * now, takes the ledger's cash now back to the period's closing cash. */
export function statement(
  account: Account,
  span: DaySpan,
  period: Activity,
  later: Activity,
  producedAt: number,
): Report {
  const closing: Balances = new Map(Object.entries(account.cash));
  for (const movement of later.cash) added(closing, movement, -1);
  const opening: Balances = new Map(closing);
  for (const movement of period.cash) added(opening, movement, -1);
  return accountReport(
    account,
    { kind: 'statement', title: 'Account statement', period: periodOf(span), producedAt },
    [
      tradesTable(period.executions),
      cashTable(period.cash, opening),
      positionsTable(period.positions),
      totalsTable(period, opening, closing),
    ],
  );
}

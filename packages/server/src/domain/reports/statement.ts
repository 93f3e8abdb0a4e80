// An account's statement over a period: its executions, the cash they moved, and the totals per
// currency with the ledger's cash when the statement was produced.
import type { Account } from '../accounts/model.js';
import { cashMovements, type ReportedExecution } from './report-executions.js';
import { isoDay, type DaySpan } from './report-periods.js';
import { utcTimestamp, type Report, type ReportTable } from './report.js';
import { cents } from '../kernel/money.js';

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

function cashTable(executions: ReportedExecution[]): ReportTable {
  return {
    title: 'Cash movements',
    empty: 'No cash movements in this period.',
    columns: [
      { key: 'time', title: 'Date/time (UTC)', kind: 'text', width: 0.16 },
      { key: 'kind', title: 'Kind', kind: 'text', width: 0.12 },
      { key: 'description', title: 'Description', kind: 'text', width: 0.46 },
      { key: 'currency', title: 'Currency', kind: 'text', width: 0.1 },
      { key: 'amount', title: 'Amount', kind: 'money', width: 0.16 },
    ],
    rows: executions.flatMap(cashMovements).map((movement) => ({
      ...movement,
      time: utcTimestamp(movement.time),
    })),
  };
}

function totalsTable(account: Account, executions: ReportedExecution[]): ReportTable {
  const totals = new Map<
    string,
    { bought: number; sold: number; commissions: number; realizedPnl: number; netCash: number }
  >();
  const of = (currency: string) => {
    const entry = totals.get(currency) ?? {
      bought: 0,
      sold: 0,
      commissions: 0,
      realizedPnl: 0,
      netCash: 0,
    };
    totals.set(currency, entry);
    return entry;
  };
  for (const item of executions) {
    const entry = of(item.currency);
    if (item.proceeds < 0) entry.bought -= item.proceeds;
    else entry.sold += item.proceeds;
    entry.commissions += item.execution.commission;
    entry.realizedPnl += item.execution.realizedPnl ?? 0;
    for (const movement of cashMovements(item)) of(movement.currency).netCash += movement.amount;
  }
  for (const currency of Object.keys(account.cash)) of(currency);
  return {
    title: 'Totals by currency',
    empty: 'No currency.',
    columns: [
      { key: 'currency', title: 'Currency', kind: 'text', width: 0.1 },
      { key: 'bought', title: 'Bought', kind: 'money', width: 0.15 },
      { key: 'sold', title: 'Sold', kind: 'money', width: 0.15 },
      { key: 'commissions', title: 'Commissions', kind: 'money', width: 0.15 },
      { key: 'realizedPnl', title: 'Realized P&L', kind: 'money', width: 0.15 },
      { key: 'netCash', title: 'Net cash movement', kind: 'money', width: 0.15 },
      { key: 'cashNow', title: 'Ledger cash now', kind: 'money', width: 0.15 },
    ],
    rows: [...totals.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, entry]) => ({
        currency,
        bought: cents(entry.bought),
        sold: cents(entry.sold),
        commissions: cents(entry.commissions),
        realizedPnl: cents(entry.realizedPnl),
        netCash: cents(entry.netCash),
        cashNow: cents(account.cash[currency] ?? 0),
      })),
  };
}

export function statement(
  account: Account,
  span: DaySpan,
  executions: ReportedExecution[],
  producedAt: number,
): Report {
  return {
    kind: 'statement',
    title: 'Account statement',
    accountId: account.id,
    accountTitle: account.title,
    baseCurrency: account.baseCurrency,
    period: { from: isoDay(span.firstDay), to: isoDay(span.lastDay) },
    producedAt: new Date(producedAt).toISOString(),
    tables: [tradesTable(executions), cashTable(executions), totalsTable(account, executions)],
  };
}

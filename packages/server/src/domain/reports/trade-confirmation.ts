import type { Account } from '../accounts/model.js';
import type { ReportedExecution } from './report-executions.js';
import { periodOf, type DaySpan } from './report-periods.js';
import { accountReport, utcTimestamp, type Report } from './report.js';
import { cents } from '../kernel/money.js';

/** The confirmations of an account's executions over a few days: one line each, with where it
 * executed and the order it filled. */
export function tradeConfirmation(
  account: Account,
  span: DaySpan,
  executions: ReportedExecution[],
  producedAt: number,
): Report {
  return accountReport(
    account,
    { kind: 'tradeConfirmation', title: 'Trade confirmations', period: periodOf(span), producedAt },
    [
      {
        title: 'Executions',
        empty: 'No executions in these days.',
        columns: [
          { key: 'time', title: 'Date/time (UTC)', kind: 'text', width: 0.13 },
          { key: 'executionId', title: 'Execution', kind: 'text', width: 0.15 },
          { key: 'orderId', title: 'Order', kind: 'number', width: 0.09 },
          { key: 'contract', title: 'Contract', kind: 'text', width: 0.15 },
          { key: 'side', title: 'Side', kind: 'text', width: 0.05 },
          { key: 'quantity', title: 'Quantity', kind: 'number', width: 0.08 },
          { key: 'price', title: 'Price', kind: 'price', width: 0.08 },
          { key: 'proceeds', title: 'Proceeds', kind: 'money', width: 0.1 },
          { key: 'commission', title: 'Commission', kind: 'money', width: 0.08 },
          { key: 'exchange', title: 'Exchange', kind: 'text', width: 0.08 },
        ],
        rows: executions.map(({ execution, instrument, symbol, currency, proceeds }) => ({
          time: utcTimestamp(execution.time),
          executionId: execution.id,
          orderId: execution.orderId,
          contract: `${instrument?.description ?? symbol} (${currency})`,
          side: execution.side,
          quantity: execution.size,
          price: execution.price,
          proceeds,
          commission: cents(execution.commission),
          exchange: execution.exchange,
        })),
      },
    ],
  );
}

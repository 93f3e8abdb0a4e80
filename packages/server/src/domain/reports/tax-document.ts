import type { Account } from '../accounts/model.js';
import type { DividendEntitlement } from '../dividends/model.js';
import { badRequest } from '../kernel/errors.js';
import type { ReportedExecution } from './report-executions.js';
import { periodOf, type DaySpan } from './report-periods.js';
import { accountReport, type Report, type ReportTable } from './report.js';
import { cents } from '../kernel/money.js';

/** Tax forms of a year, made from its executions and the dividends paid in it: `1099` sums each
 * contract's sales and realized profit or loss; `8949` lists each execution that realized one;
 * `1099-DIV` lists each dividend paid, gross, withheld and net. */

export const taxForms = ['1099', '8949', '1099-DIV'] as const;
export type TaxForm = (typeof taxForms)[number];

/** What a tax year's forms are made from. */
export interface TaxYearActivity {
  executions: ReportedExecution[];
  dividends: DividendEntitlement[];
}

const realizing = (item: ReportedExecution) => (item.execution.realizedPnl ?? 0) !== 0;

/** The forms a year gives: 1099 once the account traded, 8949 once a trade realized a profit
 * or loss, 1099-DIV once a dividend was paid. */
export function availableForms({ executions, dividends }: TaxYearActivity): TaxForm[] {
  const forms: TaxForm[] = [];
  if (executions.length > 0) forms.push('1099');
  if (executions.some(realizing)) forms.push('8949');
  if (dividends.length > 0) forms.push('1099-DIV');
  return forms;
}

function form1099(executions: ReportedExecution[]): ReportTable {
  const byContract = new Map<
    number,
    {
      symbol: string;
      currency: string;
      quantitySold: number;
      proceeds: number;
      realizedPnl: number;
    }
  >();
  for (const item of executions) {
    const entry = byContract.get(item.execution.conid) ?? {
      symbol: item.symbol,
      currency: item.currency,
      quantitySold: 0,
      proceeds: 0,
      realizedPnl: 0,
    };
    if (item.execution.side === 'SELL') {
      entry.quantitySold += item.execution.size;
      entry.proceeds += item.proceeds;
    }
    entry.realizedPnl += item.execution.realizedPnl ?? 0;
    byContract.set(item.execution.conid, entry);
  }
  return {
    title: 'Form 1099 - proceeds and realized profit or loss by contract',
    empty: 'No sales this year.',
    columns: [
      { key: 'conid', title: 'Contract id', kind: 'number', width: 0.15 },
      { key: 'symbol', title: 'Symbol', kind: 'text', width: 0.2 },
      { key: 'quantitySold', title: 'Quantity sold', kind: 'number', width: 0.15 },
      { key: 'proceeds', title: 'Proceeds', kind: 'money', width: 0.2 },
      { key: 'realizedPnl', title: 'Realized P&L', kind: 'money', width: 0.2 },
      { key: 'currency', title: 'Currency', kind: 'text', width: 0.1 },
    ],
    rows: [...byContract.entries()]
      .sort(([a], [b]) => a - b)
      .map(([conid, entry]) => ({
        conid,
        ...entry,
        proceeds: cents(entry.proceeds),
        realizedPnl: cents(entry.realizedPnl),
      })),
  };
}

function form8949(executions: ReportedExecution[]): ReportTable {
  return {
    title: 'Form 8949 - each sale or closing trade',
    empty: 'No closing trades this year.',
    columns: [
      { key: 'date', title: 'Date', kind: 'text', width: 0.14 },
      { key: 'executionId', title: 'Execution', kind: 'text', width: 0.2 },
      { key: 'symbol', title: 'Symbol', kind: 'text', width: 0.14 },
      { key: 'quantity', title: 'Quantity', kind: 'number', width: 0.12 },
      { key: 'proceeds', title: 'Proceeds', kind: 'money', width: 0.15 },
      { key: 'realizedPnl', title: 'Realized P&L', kind: 'money', width: 0.15 },
      { key: 'currency', title: 'Currency', kind: 'text', width: 0.1 },
    ],
    rows: executions.filter(realizing).map((item) => ({
      date: new Date(item.execution.time).toISOString().slice(0, 10),
      executionId: item.execution.id,
      symbol: item.symbol,
      quantity: item.execution.side === 'BUY' ? item.execution.size : -item.execution.size,
      proceeds: item.proceeds,
      realizedPnl: cents(item.execution.realizedPnl ?? 0),
      currency: item.currency,
    })),
  };
}

function form1099Div(dividends: DividendEntitlement[]): ReportTable {
  return {
    title: 'Form 1099-DIV - each dividend paid',
    empty: 'No dividends this year.',
    columns: [
      { key: 'payDate', title: 'Paid', kind: 'text', width: 0.12 },
      { key: 'symbol', title: 'Symbol', kind: 'text', width: 0.1 },
      { key: 'quantity', title: 'Shares', kind: 'number', width: 0.1 },
      { key: 'perShare', title: 'Per share', kind: 'price', width: 0.12 },
      { key: 'gross', title: 'Gross', kind: 'money', width: 0.14 },
      { key: 'withheld', title: 'Tax withheld', kind: 'money', width: 0.14 },
      { key: 'net', title: 'Net', kind: 'money', width: 0.14 },
      { key: 'currency', title: 'Currency', kind: 'text', width: 0.14 },
    ],
    rows: dividends.map((paid) => ({
      payDate: paid.payDate,
      symbol: paid.symbol,
      quantity: paid.quantity,
      perShare: paid.perShare,
      gross: paid.gross,
      withheld: paid.withheld,
      net: paid.net,
      currency: paid.currency,
    })),
  };
}

const builders: Record<TaxForm, (activity: TaxYearActivity) => ReportTable> = {
  '1099': ({ executions }) => form1099(executions),
  '8949': ({ executions }) => form8949(executions),
  '1099-DIV': ({ dividends }) => form1099Div(dividends),
};

/** The tax document of `type` (a form, or `ALL` of the available ones) for a year. */
export function taxDocument(
  account: Account,
  year: number,
  type: string,
  span: DaySpan,
  activity: TaxYearActivity,
  producedAt: number,
): Report {
  const available = availableForms(activity);
  const forms = type === 'ALL' ? available : available.filter((form) => form === type);
  if (forms.length === 0)
    throw badRequest(
      `Tax form ${type} is not available for account ${account.id} in ${year}` +
        (available.length ? ` (available: ${available.join(', ')})` : ''),
    );
  return accountReport(
    account,
    { kind: 'taxDocument', title: `Tax documents ${year}`, period: periodOf(span), producedAt },
    forms.map((form) => builders[form](activity)),
  );
}

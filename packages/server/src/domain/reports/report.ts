/** A report (statement, trade confirmation, tax document, tax voucher) as content, before any
 * format: a header and titled tables. Every format (PDF, JSON, CSV, HTML) renders this one value,
 * so they all say the same. */
import type { Account } from '../accounts/model.js';

/** How a column's values are written: money to the cent, prices with at least two decimals,
 * others as they are. */
export type ColumnKind = 'text' | 'money' | 'price' | 'number';

export interface ReportColumn {
  key: string;
  title: string;
  kind: ColumnKind;
  /** Share of the page's width in the PDF (the widths of a table add up to 1). */
  width: number;
}

export type Cell = string | number;

export interface ReportTable {
  title: string;
  columns: ReportColumn[];
  rows: Record<string, Cell>[];
  /** Written when the table has no row. */
  empty: string;
}

/** The header that every report of an account shares: who, what, which days, when. */
export function accountReport(
  account: Pick<Account, 'id' | 'title' | 'baseCurrency'>,
  head: { kind: Report['kind']; title: string; period: Report['period']; producedAt: number },
  tables: ReportTable[],
): Report {
  return {
    kind: head.kind,
    title: head.title,
    accountId: account.id,
    accountTitle: account.title,
    baseCurrency: account.baseCurrency,
    period: head.period,
    producedAt: new Date(head.producedAt).toISOString(),
    tables,
  };
}

export interface Report {
  kind: 'statement' | 'tradeConfirmation' | 'taxDocument' | 'taxVoucher';
  title: string;
  accountId: string;
  accountTitle: string;
  baseCurrency: string;
  /** First and last day covered, `YYYY-MM-DD` (UTC days, as the trades operations count them). */
  period: { from: string; to: string };
  /** When it was produced, on the brokerage's clock (ISO 8601). */
  producedAt: string;
  tables: ReportTable[];
}

/** A cell as text, as its column's kind writes it. */
export function cellText(value: Cell | undefined, kind: ColumnKind): string {
  if (value === undefined) return '';
  if (typeof value !== 'number') return value;
  if (kind === 'money') return value.toFixed(2);
  if (kind === 'price' && Number.isInteger(value * 100)) return value.toFixed(2);
  return String(value);
}

/** `YYYY-MM-DD HH:MM:SS` (UTC) of a time. */
export const utcTimestamp = (epochMs: number): string =>
  new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ');

/** The header lines every format starts with. */
export function headerLines(report: Report): string[] {
  return [
    `Account ${report.accountId} (${report.accountTitle}), base currency ${report.baseCurrency}`,
    `Period ${report.period.from} to ${report.period.to} (UTC days)`,
    `Produced ${utcTimestamp(Date.parse(report.producedAt))} UTC`,
  ];
}

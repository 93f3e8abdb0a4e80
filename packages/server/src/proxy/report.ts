// The proxy's report: one NDJSON line per violation, and per part of an exchange it could not
// check, as they happen, and a summary by operation when the proxy stops (a last NDJSON line,
// and a table for people).
import type { Unchecked, Violation } from './exchange-check.js';
import type { ProxySummary } from './validating-proxy.js';

export const violationLine = (violation: Violation): string =>
  `${JSON.stringify({ type: 'violation', ...violation })}\n`;

export const uncheckedLine = (unchecked: Unchecked): string =>
  `${JSON.stringify({ type: 'unchecked', ...unchecked })}\n`;

export const summaryLine = (summary: ProxySummary): string =>
  `${JSON.stringify({ type: 'summary', operations: summary })}\n`;

/** The summary as a table: one row per operation, the ones with violations first. */
export function summaryTable(summary: ProxySummary): string {
  const rows = Object.entries(summary).sort(
    ([a, left], [b, right]) => right.invalid - left.invalid || a.localeCompare(b),
  );
  const width = Math.max(9, ...rows.map(([operation]) => operation.length));
  const lines = rows.map(
    ([operation, tally]) =>
      `${operation.padEnd(width)}  ${String(tally.exchanges).padStart(9)}  ${String(tally.invalid).padStart(7)}  ${String(tally.violations).padStart(10)}  ${String(tally.unchecked).padStart(9)}`,
  );
  const exchanges = rows.reduce((sum, [, tally]) => sum + tally.exchanges, 0);
  const invalid = rows.reduce((sum, [, tally]) => sum + tally.invalid, 0);
  const unchecked = rows.reduce((sum, [, tally]) => sum + tally.unchecked, 0);
  return [
    `${'operation'.padEnd(width)}  exchanges  invalid  violations  unchecked`,
    ...lines,
    `${exchanges} exchanges, ${invalid} broke the document, ${unchecked} not checked whole`,
    '',
  ].join('\n');
}

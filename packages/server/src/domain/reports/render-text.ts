import { cellText, headerLines, type Report } from './report.js';

/** A report in the text formats: JSON (the report itself), CSV (one block per table) and HTML
 * (a page with one table per table). */

export const renderJson = (report: Report): string => `${JSON.stringify(report, null, 2)}\n`;

/** A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
const csvField = (text: string) =>
  /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
const csvLine = (fields: string[]) => fields.map(csvField).join(',');

export function renderCsv(report: Report): string {
  const lines = [csvLine([report.title]), ...headerLines(report).map((text) => csvLine([text]))];
  for (const table of report.tables) {
    lines.push('', csvLine([table.title]), csvLine(table.columns.map((column) => column.title)));
    for (const row of table.rows)
      lines.push(csvLine(table.columns.map((column) => cellText(row[column.key], column.kind))));
  }
  return `${lines.join('\r\n')}\r\n`;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escaped = (text: string) => text.replace(/[&<>"']/g, (character) => escapes[character] ?? '');

export function renderHtml(report: Report): string {
  const tables = report.tables.map((table) => {
    const head = table.columns.map((column) => `<th>${escaped(column.title)}</th>`).join('');
    const rows = table.rows.length
      ? table.rows.map(
          (row) =>
            `<tr>${table.columns
              .map(
                (column) =>
                  `<td${column.kind === 'text' ? '' : ' class="n"'}>${escaped(cellText(row[column.key], column.kind))}</td>`,
              )
              .join('')}</tr>`,
        )
      : [`<tr><td colspan="${table.columns.length}">${escaped(table.empty)}</td></tr>`];
    return `<h2>${escaped(table.title)}</h2>\n<table><thead><tr>${head}</tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;
  });
  return [
    '<!DOCTYPE html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escaped(report.title)}</title>`,
    '<style>body{font-family:sans-serif}table{border-collapse:collapse}th,td{padding:2px 8px;border-bottom:1px solid #ccc}.n{text-align:right}</style></head><body>',
    `<h1>${escaped(report.title)}</h1>`,
    ...headerLines(report).map((text) => `<p>${escaped(text)}</p>`),
    ...tables,
    '</body></html>',
    '',
  ].join('\n');
}

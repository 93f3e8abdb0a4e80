// The comparison for people, in two forms from the same rows: a terminal table by operation (the
// ones that differ first) with each difference on a line of its own, and the same as Markdown
// (a table of operations, a table of differences) for a pull request or an issue.
import type { Comparison, OperationComparison } from './compare.js';

/** One difference, in words: what differs, where, and the recorded and live sides. */
interface Detail {
  operation: string;
  kind: string;
  where: string;
  recorded: string;
  live: string;
}

const differenceCount = (row: OperationComparison) =>
  row.statuses.length + row.shapes.length + row.messages.length;

/** The operations, the ones with the most differences first, then by name. */
const rowsOf = (comparison: Comparison) =>
  [...comparison.operations].sort(
    (a, b) => differenceCount(b) - differenceCount(a) || a.operation.localeCompare(b.operation),
  );

const countsOf = (row: OperationComparison) => [
  row.exchanges,
  row.statuses.length,
  row.shapes.length,
  row.messages.length,
];

const countHeadings = ['exchanges', 'status', 'shape', 'messages'];

function detailsOf(rows: OperationComparison[]): Detail[] {
  const kinds = (list: string[]) => (list.length ? list.join(' | ') : 'absent');
  return rows.flatMap(({ operation, statuses, shapes, messages }) => [
    ...statuses.map((status) => ({
      operation,
      kind: 'status',
      where: `entry ${status.entry}`,
      recorded: String(status.recorded),
      live: String(status.live),
    })),
    ...shapes.map((shape) => ({
      operation,
      kind: shape.difference,
      where: shape.path,
      recorded: kinds(shape.recorded),
      live: kinds(shape.live),
    })),
    ...messages.map((message) => ({
      operation,
      kind: 'message',
      where: message.path,
      recorded: JSON.stringify(message.recorded),
      live: JSON.stringify(message.live),
    })),
  ]);
}

function verdictOf(comparison: Comparison, details: Detail[]): string {
  if (comparison.differs) return 'the answers differ in shape or status';
  return details.length ? 'same shapes and statuses; message texts differ' : 'no difference';
}

export function comparisonTable(comparison: Comparison): string {
  const rows = rowsOf(comparison);
  const width = Math.max(9, ...rows.map((row) => row.operation.length));
  const lines = [['operation'.padEnd(width), ...countHeadings].join('  ')];
  for (const row of rows) {
    lines.push(
      [
        row.operation.padEnd(width),
        ...countsOf(row).map((cell, i) => String(cell).padStart(countHeadings[i]?.length ?? 0)),
      ].join('  '),
    );
  }
  const details = detailsOf(rows);
  const detailLines = details.map(
    (detail) =>
      `${detail.operation}  ${detail.kind}  ${detail.where}: recorded ${detail.recorded}, now ${detail.live}`,
  );
  return [
    ...lines,
    '',
    ...detailLines,
    ...(details.length ? [''] : []),
    verdictOf(comparison, details),
    '',
  ].join('\n');
}

/** A cell as inline code: fenced by more backticks than the text holds in a row (with a space
 * inside when it starts or ends with one), a pipe escaped (GitHub's tables need it even inside
 * code). */
function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const padding = /^`|`$/.test(text) ? ' ' : '';
  return `${fence}${padding}${text.replace(/\|/g, '\\|')}${padding}${fence}`;
}

/** A Markdown table, its columns aligned as prettier writes them: numbers to the right. */
function markdownTable(headings: string[], rows: (string | number)[][]): string[] {
  const right = headings.map((_, column) => typeof rows[0]?.[column] === 'number');
  const widths = headings.map((heading, column) =>
    Math.max(3, heading.length, ...rows.map((row) => String(row[column]).length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (right[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0))).join(' | ')} |`;
  const rule = widths.map((width, column) =>
    right[column] ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width),
  );
  return [line(headings), `| ${rule.join(' | ')} |`, ...rows.map((row) => line(row.map(String)))];
}

/** The same report as Markdown: the operations' table, the differences' table, the verdict. */
export function comparisonMarkdown(comparison: Comparison): string {
  const rows = rowsOf(comparison);
  const details = detailsOf(rows);
  const lines = [
    ...markdownTable(
      ['operation', ...countHeadings],
      rows.map((row) => [code(row.operation), ...countsOf(row)]),
    ),
    '',
  ];
  if (details.length) {
    lines.push(
      ...markdownTable(
        ['operation', 'difference', 'where', 'recorded', 'now'],
        details.map((detail) => [
          code(detail.operation),
          detail.kind,
          code(detail.where),
          code(detail.recorded),
          code(detail.live),
        ]),
      ),
      '',
    );
  }
  lines.push(`**${verdictOf(comparison, details)}**`, '');
  return lines.join('\n');
}

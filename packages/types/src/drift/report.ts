// A comparison's report, as a table for the terminal, as Markdown, or as JSON; and its exit
// status: the highest severity found (0 info or nothing, 1 warning, 2 breaking).
import type { Change, Severity, Surface } from './model.js';
import { severities } from './model.js';

export interface Report {
  before: { source: string; title: string; version: string };
  after: { source: string; title: string; version: string };
  /** False where either side lists operations only (2.40's index): fields were not compared. */
  fieldsCompared: boolean;
  summary: Record<Severity, number>;
  changes: Change[];
}

export function makeReport(before: Surface, after: Surface, changes: Change[]): Report {
  const side = ({ source, title, version }: Surface) => ({ source, title, version });
  const summary = { breaking: 0, warning: 0, info: 0 };
  for (const change of changes) summary[change.severity] += 1;
  return {
    before: side(before),
    after: side(after),
    fieldsCompared: before.fieldsKnown && after.fieldsKnown,
    summary,
    changes,
  };
}

export const exitStatus = (report: Report, failOn: Severity | 'none' = 'warning'): number => {
  if (failOn === 'none') return 0;
  const threshold = severities.indexOf(failOn);
  const highest = Math.max(
    -1,
    ...report.changes.map((change) => severities.indexOf(change.severity)),
  );
  return highest >= threshold ? highest : 0;
};

/** The change in a few words: `renamed ci → customIndex`, `removed`, `type string → number`. */
export function describe(change: Change): string {
  const span =
    change.before !== undefined || change.after !== undefined
      ? `${change.before ?? ''} → ${change.after ?? ''}`
      : '';
  switch (change.kind) {
    case 'operation-added':
      return 'operation added';
    case 'operation-removed':
      return 'operation removed';
    case 'operation-moved':
      return `operation moved from ${change.before ?? ''}`;
    case 'path-parameter-renamed':
      return `path parameter renamed {${change.before ?? ''}} → {${change.after ?? ''}}`;
    case 'status-added':
      return `status ${change.field ?? ''} added`;
    case 'status-removed':
      return `status ${change.field ?? ''} removed`;
    case 'field-renamed':
      return `renamed ${change.before ?? ''} → ${change.after ?? ''}`;
    case 'field-added':
      return `added${change.after === undefined ? '' : ` (${change.after})`}`;
    case 'field-removed':
      return `removed${change.before === undefined ? '' : ` (${change.before})`}`;
    case 'field-type-changed':
      return `type ${span}`;
    case 'field-format-changed':
      return `format ${span}`;
    case 'field-enum-changed':
      if (change.before === 'any') return `enum set: ${change.after ?? ''}`;
      if (change.after === 'any') return 'enum dropped: any value';
      return `enum ${[change.before, change.after].filter(Boolean).join(' ')}`;
    case 'field-required-changed':
      return change.after === 'true' ? 'now required' : 'now optional';
  }
}

const fieldText = (change: Change): string =>
  change.kind.startsWith('field-') ? (change.field === '' ? '(body)' : (change.field ?? '')) : '';

const sideText = (side: Report['before']) => `${side.title || side.source} ${side.version}`.trim();

function heading(report: Report): string {
  const { breaking, warning, info } = report.summary;
  return (
    `${sideText(report.before)} → ${sideText(report.after)}: ${report.changes.length} changes ` +
    `(${breaking} breaking, ${warning} warning, ${info} info)` +
    (report.fieldsCompared ? '' : '; operations only: one side lists no fields')
  );
}

/** How many changes of each kind, most first: `field-removed 12 (breaking 12)`. */
function kindCounts(report: Report): string[] {
  const counts = new Map<string, Record<Severity, number>>();
  for (const change of report.changes) {
    const count = counts.get(change.kind) ?? { breaking: 0, warning: 0, info: 0 };
    count[change.severity] += 1;
    counts.set(change.kind, count);
  }
  const total = (count: Record<Severity, number>) => count.breaking + count.warning + count.info;
  return [...counts]
    .sort(([, a], [, b]) => total(b) - total(a))
    .map(([kind, count]) => {
      const parts = (['breaking', 'warning', 'info'] as const)
        .filter((s) => count[s] > 0)
        .map((s) => `${s} ${count[s]}`);
      return `${kind} ${total(count)} (${parts.join(', ')})`;
    });
}

function touchLines(change: Change): string[] {
  const touches = change.touches;
  if (touches === undefined) return [];
  return [
    ...(touches.documentFiles.length > 0 ? [`document: ${touches.documentFiles.join(', ')}`] : []),
    ...(touches.clientCalls.length > 0 ? [`calls: ${touches.clientCalls.join(', ')}`] : []),
  ];
}

/** A plain table, one change a line, what it touches on the lines below it. */
export function formatTable(report: Report): string {
  const rows = report.changes.map((change) => [
    change.severity,
    change.operation,
    change.place ?? '',
    fieldText(change),
    describe(change),
  ]);
  const header = ['severity', 'operation', 'place', 'field', 'change'];
  const widths = header.map((title, column) =>
    Math.min(60, Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length))),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const out = [
    heading(report),
    ...kindCounts(report).map((count) => `  ${count}`),
    '',
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
  ];
  report.changes.forEach((change, index) => {
    out.push(line(rows[index] ?? []));
    for (const touch of touchLines(change)) out.push(`${' '.repeat((widths[0] ?? 0) + 2)}${touch}`);
  });
  return `${out.join('\n')}\n`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');
const code = (text: string) => (text === '' ? '' : `\`${text}\``);

export function formatMarkdown(report: Report): string {
  const out = [
    `# API drift: ${sideText(report.before)} → ${sideText(report.after)}`,
    '',
    heading(report),
    '',
    ...kindCounts(report).map((count) => `- ${count}`),
    '',
    '| severity | operation | place | field | change | touches |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const change of report.changes) {
    out.push(
      `| ${[
        change.severity,
        code(change.operation),
        change.place ?? '',
        code(fieldText(change)),
        describe(change),
        touchLines(change).join('<br>'),
      ]
        .map(cell)
        .join(' | ')} |`,
    );
  }
  return `${out.join('\n')}\n`;
}

export const formatJson = (report: Report): string => `${JSON.stringify(report, null, 2)}\n`;

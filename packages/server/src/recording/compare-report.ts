// The comparison for people: a table by operation (the ones that differ first), then each
// difference on a line of its own.
import type { Comparison } from './compare.js';

export function comparisonTable(comparison: Comparison): string {
  const rows = [...comparison.operations].sort(
    (a, b) =>
      b.statuses.length +
        b.shapes.length +
        b.messages.length -
        (a.statuses.length + a.shapes.length + a.messages.length) ||
      a.operation.localeCompare(b.operation),
  );
  const width = Math.max(9, ...rows.map((row) => row.operation.length));
  const lines = [`${'operation'.padEnd(width)}  exchanges  status  shape  messages`];
  for (const row of rows) {
    const cells = [row.exchanges, row.statuses.length, row.shapes.length, row.messages.length];
    const widths = [9, 6, 5, 8];
    lines.push(
      [
        row.operation.padEnd(width),
        ...cells.map((cell, i) => String(cell).padStart(widths[i] ?? 0)),
      ].join('  '),
    );
  }
  const details: string[] = [];
  for (const row of rows) {
    for (const status of row.statuses) {
      details.push(
        `${row.operation}  status  entry ${status.entry}: recorded ${status.recorded}, now ${status.live}`,
      );
    }
    for (const shape of row.shapes) {
      const kinds = (list: string[]) => (list.length ? list.join(' | ') : 'absent');
      details.push(
        `${row.operation}  ${shape.difference}  ${shape.path}: recorded ${kinds(shape.recorded)}, now ${kinds(shape.live)}`,
      );
    }
    for (const message of row.messages) {
      details.push(
        `${row.operation}  message  ${message.path}: recorded ${JSON.stringify(message.recorded)}, now ${JSON.stringify(message.live)}`,
      );
    }
  }
  const verdict = comparison.differs
    ? 'the answers differ in shape or status'
    : details.length
      ? 'same shapes and statuses; message texts differ'
      : 'no difference';
  return [...lines, '', ...details, ...(details.length ? [''] : []), verdict, ''].join('\n');
}

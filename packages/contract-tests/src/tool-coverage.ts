// Which tools of the MCP endpoint the suite called with an answer that matched the tool's output
// schema (the SDK's client checks it): each worker appends a line per tool list and per call to a
// file under the coverage directory (src/coverage.ts); the global teardown aggregates them and
// the gate fails on a listed tool no test called.
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { coverageDirVariable } from './coverage.js';

export type ToolReceived = { listed: string[] } | { called: string };

const suffix = '.tools.jsonl';

export function recordTool(entry: ToolReceived): void {
  const dir = process.env[coverageDirVariable];
  if (!dir) return;
  const worker = process.env.JEST_WORKER_ID ?? '0';
  appendFileSync(
    join(dir, `worker-${worker}-${process.pid}${suffix}`),
    `${JSON.stringify(entry)}\n`,
  );
}

export function readToolsReceived(dir: string): ToolReceived[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(suffix))
    .flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n'))
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as ToolReceived);
}

export interface ToolCoverageReport {
  listed: number;
  called: number;
  /** Listed tools no test called with a schema-valid answer: the gate. */
  untested: string[];
}

export function toolCoverageReport(received: ToolReceived[]): ToolCoverageReport {
  const listed = new Set(received.flatMap((entry) => ('listed' in entry ? entry.listed : [])));
  const called = new Set(received.flatMap((entry) => ('called' in entry ? [entry.called] : [])));
  const untested = [...listed].filter((name) => !called.has(name)).sort();
  return { listed: listed.size, called: listed.size - untested.length, untested };
}

export const formatToolReport = (report: ToolCoverageReport): string =>
  `tool coverage: MCP tools ${report.called}/${report.listed}` +
  (report.untested.length > 0 ? `\n  not called: ${report.untested.join(', ')}` : '');

export const toolGateFailures = (report: ToolCoverageReport): string[] =>
  report.untested.length > 0
    ? [`MCP tools without a contract test: ${report.untested.join(', ')}`]
    : [];

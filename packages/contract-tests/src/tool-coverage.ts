// Which tools of the MCP endpoint the suite called with an answer that matched the tool's output
// schema (the SDK's client checks it): each worker notes a line per tool list and per call
// (src/coverage-log.ts); the global teardown aggregates them and the gate fails on a listed tool
// no test called.
import { coverageLog } from './coverage-log.js';

export type ToolReceived = { listed: string[] } | { called: string };

const toolLog = coverageLog<ToolReceived>('.tools.jsonl');
export const recordTool = toolLog.record;
export const readToolsReceived = toolLog.read;

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

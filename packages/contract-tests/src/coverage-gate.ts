// The end of a run: aggregates what every worker received, prints the coverage figure and fails
// the run when an operation of the document has no contract test, a documented error status
// was never received, or a tool the MCP endpoint lists was never called.
import { rmSync } from 'node:fs';
import { coverageDirVariable } from './coverage-log.js';
import { coverageReport, formatReport, readReceived, type CoverageReport } from './coverage.js';
import { operations } from './document.js';
import {
  formatStreamReport,
  readStreamReceived,
  streamCoverageReport,
  streamGateFailures,
} from './stream-coverage.js';
import {
  formatToolReport,
  readToolsReceived,
  toolCoverageReport,
  toolGateFailures,
} from './tool-coverage.js';

interface GlobalConfig {
  testPathPatterns?: { patterns?: string[] } | string[];
}

/** The gate's failures for a report (empty when the run passes). */
export function gateFailures(report: CoverageReport): string[] {
  return [
    ...(report.untested.length > 0
      ? [`operations without a contract test: ${report.untested.join(', ')}`]
      : []),
    ...(report.unreachedErrorStatuses.length > 0
      ? [`documented error statuses never received: ${report.unreachedErrorStatuses.join(', ')}`]
      : []),
  ];
}

/** Prints the figure; gates only a full run (a path filter runs some files on purpose). */
export function finishRun(globalConfig: GlobalConfig): void {
  const dir = process.env[coverageDirVariable];
  if (!dir) return;
  const report = coverageReport(operations, readReceived(dir));
  const streamReport = streamCoverageReport(readStreamReceived(dir));
  const toolReport = toolCoverageReport(readToolsReceived(dir));
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `\n${formatReport(report)}\n${formatStreamReport(streamReport)}\n${formatToolReport(toolReport)}`,
  );
  const filter = globalConfig.testPathPatterns;
  const patterns = Array.isArray(filter) ? filter : (filter?.patterns ?? []);
  if (patterns.length > 0) {
    console.log('contract gate: not applied (a subset of the test files ran)');
    return;
  }
  const failures = [
    ...gateFailures(report),
    ...streamGateFailures(streamReport),
    ...toolGateFailures(toolReport),
  ];
  if (failures.length > 0) throw new Error(`contract gate failed:\n  ${failures.join('\n  ')}`);
  console.log('contract gate: passed');
}

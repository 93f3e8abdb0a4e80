// Which messages of the streaming document the suite received over the socket: each worker
// notes one line per message (src/coverage-log.ts); the global teardown aggregates them like the
// HTTP pairs.
import { streaming } from '@brokerage/types';
import { coverageLog } from './coverage-log.js';

/** A message received: the streaming document's name for it, or `undescribed` with the payload
 * when no message of the document accepts it. */
export type StreamReceived = { message: streaming.ServerMessageName } | { undescribed: string };

const streamLog = coverageLog<StreamReceived>('.stream.jsonl');
export const recordStreamMessage = streamLog.record;
export const readStreamReceived = streamLog.read;

export interface StreamCoverageReport {
  documented: number;
  received: number;
  /** Documented server messages no test received: the gate. */
  unreached: streaming.ServerMessageName[];
  /** Messages the server sent that the document does not describe: the gate. */
  undescribed: string[];
  /** How many of each message arrived. */
  counts: Partial<Record<streaming.ServerMessageName, number>>;
}

export function streamCoverageReport(
  received: StreamReceived[],
  documented: readonly streaming.ServerMessageName[] = streaming.serverMessageNames,
): StreamCoverageReport {
  const counts: Partial<Record<streaming.ServerMessageName, number>> = {};
  const undescribed: string[] = [];
  for (const entry of received) {
    if ('undescribed' in entry) undescribed.push(entry.undescribed);
    else counts[entry.message] = (counts[entry.message] ?? 0) + 1;
  }
  const unreached = documented.filter((name) => counts[name] === undefined);
  return {
    documented: documented.length,
    received: documented.length - unreached.length,
    unreached,
    undescribed,
    counts,
  };
}

export function formatStreamReport(report: StreamCoverageReport): string {
  const total = Object.values(report.counts).reduce((sum, count) => sum + (count ?? 0), 0);
  const lines = [
    `stream coverage: messages ${report.received}/${report.documented}, ${total} received, ` +
      `${report.undescribed.length} undescribed`,
  ];
  if (report.unreached.length > 0) lines.push(`  not received: ${report.unreached.join(', ')}`);
  for (const payload of report.undescribed.slice(0, 5)) lines.push(`  undescribed: ${payload}`);
  return lines.join('\n');
}

export function streamGateFailures(report: StreamCoverageReport): string[] {
  return [
    ...(report.unreached.length > 0
      ? [`streaming messages never received: ${report.unreached.join(', ')}`]
      : []),
    ...(report.undescribed.length > 0
      ? [`streaming messages the document does not describe: ${report.undescribed.length}`]
      : []),
  ];
}

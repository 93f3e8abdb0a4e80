// Which (operation, status) pairs the suite received: each worker appends one line per answer to
// a file under the directory the jest global setup names; the global teardown aggregates them.
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentedPairs, type DocumentOperation } from './document.js';

/** How a request was made: a hand-written contract test, a document example sent as is, a
 * generated (property) request, or a request whose answer was forced by fault injection. Only
 * hand-written tests count as an operation's contract test. */
export type Via = 'contract' | 'example' | 'property' | 'fault';

export interface Received {
  operationId: string;
  status: number;
  via: Via;
}

export const coverageDirVariable = 'CONTRACT_COVERAGE_DIR';

/** Notes one received answer (no-op when the suite runs without its global setup). */
export function recordReceived(entry: Received): void {
  const dir = process.env[coverageDirVariable];
  if (!dir) return;
  const worker = process.env.JEST_WORKER_ID ?? '0';
  appendFileSync(join(dir, `worker-${worker}-${process.pid}.ndjson`), `${JSON.stringify(entry)}\n`);
}

export function readReceived(dir: string): Received[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ndjson'))
    .flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n'))
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Received);
}

export interface CoverageReport {
  operationsTotal: number;
  /** Operations some hand-written contract test called. */
  operationsTested: number;
  /** Operations of the document that no contract test called: the gate. */
  untested: string[];
  documented: number;
  covered: number;
  /** Pairs received only because a fault was injected. */
  coveredOnlyByFaults: number;
  uncovered: string[];
  /** Documented error statuses (of any operation) that no test received. */
  unreachedErrorStatuses: number[];
  generatedRequests: number;
  percent: number;
}

export function coverageReport(
  operations: DocumentOperation[],
  received: Received[],
): CoverageReport {
  const documented = documentedPairs(operations);
  const documentedSet = new Set(documented);
  const pairsBy = (keep: (entry: Received) => boolean) =>
    new Set(received.filter(keep).map((e) => `${e.operationId} ${e.status}`));
  const all = pairsBy(() => true);
  const natural = pairsBy((e) => e.via !== 'fault');
  const tested = new Set(received.filter((e) => e.via === 'contract').map((e) => e.operationId));
  const covered = documented.filter((pair) => all.has(pair));
  const errorStatuses = new Set(
    operations.flatMap((op) => [...op.responses.keys()].filter((status) => status >= 400)),
  );
  const receivedStatuses = new Set(
    received.filter((e) => documentedSet.has(`${e.operationId} ${e.status}`)).map((e) => e.status),
  );
  return {
    operationsTotal: operations.length,
    operationsTested: operations.filter((op) => tested.has(op.operationId)).length,
    untested: operations.filter((op) => !tested.has(op.operationId)).map((op) => op.operationId),
    documented: documented.length,
    covered: covered.length,
    coveredOnlyByFaults: covered.filter((pair) => !natural.has(pair)).length,
    uncovered: documented.filter((pair) => !all.has(pair)),
    unreachedErrorStatuses: [...errorStatuses].filter((s) => !receivedStatuses.has(s)).sort(),
    generatedRequests: received.filter((e) => e.via === 'property').length,
    percent: documented.length === 0 ? 100 : (100 * covered.length) / documented.length,
  };
}

export function formatReport(report: CoverageReport): string {
  const lines = [
    `contract coverage: operations ${report.operationsTested}/${report.operationsTotal}, ` +
      `responses ${report.covered}/${report.documented} (${report.percent.toFixed(1)} %), ` +
      `${report.coveredOnlyByFaults} of them only through fault injection; ` +
      `generated requests: ${report.generatedRequests}`,
  ];
  if (report.uncovered.length > 0) {
    const shown = report.uncovered.slice(0, 30).join(', ');
    const more = report.uncovered.length > 30 ? ` and ${report.uncovered.length - 30} more` : '';
    lines.push(`  not received: ${shown}${more}`);
  }
  return lines.join('\n');
}

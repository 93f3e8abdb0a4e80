// Which (operation, status) pairs the suite received: each worker notes one line per answer
// (src/coverage-log.ts); the global teardown aggregates them.
import { coverageLog } from './coverage-log.js';
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

const receivedLog = coverageLog<Received>('.ndjson');
/** Notes one received answer (no-op when the suite runs without its global setup). */
export const recordReceived = receivedLog.record;
export const readReceived = receivedLog.read;

export interface CoverageReport {
  operationsTotal: number;
  /** Operations some hand-written contract test called. */
  operationsTested: number;
  /** Operations of the document that no contract test called: the gate. */
  untested: string[];
  documented: number;
  /** Pairs received at all, by the simulation's own rules or through an injected fault. */
  covered: number;
  /** Pairs the simulation answered by its own rules (some request that forced nothing). */
  reachedBySimulation: number;
  /** Pairs received only because a fault was injected: they show the answer's shape is
   * documented, not that the simulation ever gives it. */
  coveredOnlyByFaults: number;
  uncovered: string[];
  /** Documented error statuses (of any operation) that no test received. */
  unreachedErrorStatuses: number[];
  /** Documented error statuses received only through injected faults. */
  errorStatusesOnlyByFaults: number[];
  generatedRequests: number;
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
  const statusesBy = (keep: (entry: Received) => boolean) =>
    new Set(
      received
        .filter((e) => keep(e) && documentedSet.has(`${e.operationId} ${e.status}`))
        .map((e) => e.status),
    );
  const receivedStatuses = statusesBy(() => true);
  const naturalStatuses = statusesBy((e) => e.via !== 'fault');
  const reachedBySimulation = covered.filter((pair) => natural.has(pair)).length;
  return {
    operationsTotal: operations.length,
    operationsTested: operations.filter((op) => tested.has(op.operationId)).length,
    untested: operations.filter((op) => !tested.has(op.operationId)).map((op) => op.operationId),
    documented: documented.length,
    covered: covered.length,
    reachedBySimulation,
    coveredOnlyByFaults: covered.length - reachedBySimulation,
    uncovered: documented.filter((pair) => !all.has(pair)),
    unreachedErrorStatuses: [...errorStatuses].filter((s) => !receivedStatuses.has(s)).sort(),
    errorStatusesOnlyByFaults: [...receivedStatuses]
      .filter((s) => s >= 400 && !naturalStatuses.has(s))
      .sort(),
    generatedRequests: received.filter((e) => e.via === 'property').length,
  };
}

export function formatReport(report: CoverageReport): string {
  const share = (count: number) =>
    `${count}/${report.documented} (${(report.documented === 0 ? 100 : (100 * count) / report.documented).toFixed(1)} %)`;
  const lines = [
    `contract coverage: operations ${report.operationsTested}/${report.operationsTotal}; ` +
      `documented responses reached by the simulation ${share(report.reachedBySimulation)}, ` +
      `only through injected faults ${share(report.coveredOnlyByFaults)}, ` +
      `received in all ${share(report.covered)}; generated requests: ${report.generatedRequests}`,
  ];
  if (report.errorStatusesOnlyByFaults.length > 0) {
    lines.push(
      `  error statuses received only through injected faults: ${report.errorStatusesOnlyByFaults.join(', ')}`,
    );
  }
  if (report.uncovered.length > 0) {
    const shown = report.uncovered.slice(0, 30).join(', ');
    const more = report.uncovered.length > 30 ? ` and ${report.uncovered.length - 30} more` : '';
    lines.push(`  not received: ${shown}${more}`);
  }
  return lines.join('\n');
}

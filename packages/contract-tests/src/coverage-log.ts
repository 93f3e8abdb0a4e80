// One log of what the suite received, kept across jest workers: each worker appends one JSON line
// per entry to a file of its own under the directory the global setup names (the variable
// below); the global teardown reads every worker's file back. The operations' answers, the
// socket's messages and the MCP tools each keep a log, told apart by the file's suffix.
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const coverageDirVariable = 'CONTRACT_COVERAGE_DIR';

export interface CoverageLog<Entry> {
  /** Notes one entry (no-op when the suite runs without its global setup). */
  record(entry: Entry): void;
  /** Every entry that the workers noted under `dir`. */
  read(dir: string): Entry[];
}

export function coverageLog<Entry>(suffix: string): CoverageLog<Entry> {
  return {
    record(entry) {
      const dir = process.env[coverageDirVariable];
      if (!dir) return;
      const worker = process.env.JEST_WORKER_ID ?? '0';
      appendFileSync(
        join(dir, `worker-${worker}-${process.pid}${suffix}`),
        `${JSON.stringify(entry)}\n`,
      );
    },
    read(dir) {
      return readdirSync(dir)
        .filter((name) => name.endsWith(suffix))
        .flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n'))
        .filter((line) => line.length > 0)
        .map((line) => JSON.parse(line) as Entry);
    },
  };
}

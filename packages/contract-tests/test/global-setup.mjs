import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Names the directory where every worker records the answers it received
 * (`coverageDirVariable` of src/coverage-log.ts). */
export default function globalSetup() {
  process.env.CONTRACT_COVERAGE_DIR = mkdtempSync(join(tmpdir(), 'contract-coverage-'));
}

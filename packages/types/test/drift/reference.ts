// Where the tests find the vendor's descriptions: BROKERAGE_REFERENCE_DIR, else ../shared/reference
// beside the repository (CI has it; the files are never committed). Without them the suites that
// need them are skipped.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..', '..', '..');
export const referenceDir = process.env.BROKERAGE_REFERENCE_DIR
  ? resolve(process.env.BROKERAGE_REFERENCE_DIR)
  : join(repoRoot, '..', 'shared', 'reference');
export const vendorFile = (name: string) => join(referenceDir, name);
export const hasReference = existsSync(vendorFile('vendor-openapi-2.29.json'));
export const bundledDocument = join(repoRoot, 'packages', 'types', 'generated', 'openapi.json');

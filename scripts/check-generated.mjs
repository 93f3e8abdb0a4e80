#!/usr/bin/env node
// Fails when a committed generated artefact differs from what the document generates now.
// Regenerates into a scratch folder; the working tree is never touched.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { generate } from './generate.mjs';
import { artefacts, repoRoot } from './paths.mjs';

const scratch = mkdtempSync(join(tmpdir(), 'brokerage-generated-'));
try {
  await generate(scratch);
  const fresh = artefacts(scratch);
  const committed = artefacts(repoRoot);
  const stale = Object.keys(committed).filter(
    (key) =>
      !existsSync(committed[key]) ||
      readFileSync(committed[key], 'utf8') !== readFileSync(fresh[key], 'utf8'),
  );
  if (stale.length > 0) {
    for (const key of stale) console.error(`stale: ${relative(repoRoot, committed[key])}`);
    console.error(
      'Generated artefacts are out of date with openapi/: run `pnpm generate` and commit.',
    );
    process.exit(1);
  }
  console.log(`generated artefacts up to date (${Object.keys(committed).length} files)`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

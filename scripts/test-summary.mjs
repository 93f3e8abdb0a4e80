#!/usr/bin/env node
// Adds up the jest results every package wrote (test-results.json) and prints one closing line,
// `N passed, N failed`, so that a run's outcome reads at a glance (and by CI).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';

const packagesDir = join(repoRoot, 'packages');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of readdirSync(packagesDir)) {
  const file = join(packagesDir, name, 'test-results.json');
  if (!existsSync(file)) continue;
  const results = JSON.parse(readFileSync(file, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  skipped += results.numPendingTests + results.numTodoTests;
  console.log(`${name}: ${results.numPassedTests} passed, ${results.numFailedTests} failed`);
}
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

#!/usr/bin/env node
// Adds up the test results every package wrote (jest's test-results.json, and vitest's
// test-results.vitest.json in the same format) and prints one closing line, `N passed, N failed`,
// so that a run's outcome reads at a glance (and by CI).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';

const packagesDir = join(repoRoot, 'packages');
let passed = 0;
let failed = 0;
let skipped = 0;
const resultFiles = ['test-results.json', 'test-results.vitest.json'];
for (const name of readdirSync(packagesDir)) {
  const files = resultFiles.map((file) => join(packagesDir, name, file)).filter(existsSync);
  if (files.length === 0) continue;
  let packagePassed = 0;
  let packageFailed = 0;
  for (const file of files) {
    const results = JSON.parse(readFileSync(file, 'utf8'));
    packagePassed += results.numPassedTests;
    packageFailed += results.numFailedTests;
    skipped += results.numPendingTests + results.numTodoTests;
  }
  passed += packagePassed;
  failed += packageFailed;
  console.log(`${name}: ${packagePassed} passed, ${packageFailed} failed`);
}
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

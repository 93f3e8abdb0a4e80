#!/usr/bin/env node
// Adds up the test results every package wrote (jest's test-results.json, the same suites' run on
// the Redis store in test-results.redis.json, the tests of the Redis store itself in
// test-results.redis-store.json, the headless browser's in test-results.browser.json, and
// vitest's test-results.vitest.json in the same format) and prints one closing line, `N passed, N failed`,
// so that a run's outcome reads at a glance (and by CI).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';

const packagesDir = join(repoRoot, 'packages');
let passed = 0;
let failed = 0;
let skipped = 0;
/** Each package's result files, by the line they are reported on. */
const runs = [
  { label: '', files: ['test-results.json', 'test-results.vitest.json'] },
  { label: ' on Redis', files: ['test-results.redis.json', 'test-results.redis-store.json'] },
  { label: ' in a browser', files: ['test-results.browser.json'] },
];
for (const name of readdirSync(packagesDir)) {
  for (const run of runs) {
    const files = run.files.map((file) => join(packagesDir, name, file)).filter(existsSync);
    if (files.length === 0) continue;
    let runPassed = 0;
    let runFailed = 0;
    for (const file of files) {
      const results = JSON.parse(readFileSync(file, 'utf8'));
      runPassed += results.numPassedTests;
      runFailed += results.numFailedTests;
      skipped += results.numPendingTests + results.numTodoTests;
    }
    passed += runPassed;
    failed += runFailed;
    console.log(`${name}${run.label}: ${runPassed} passed, ${runFailed} failed`);
  }
}
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

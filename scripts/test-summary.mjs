#!/usr/bin/env node
// Adds up the test results the packages wrote for one tier and prints one closing line,
// `N passed, N failed`, so that a run's outcome reads at a glance (and by CI). The fast tier
// (`npm test`, no argument): jest's test-results.json and the tests of the Redis store itself,
// test-results.redis-store.json, and the Python package's pytest run, test-results.python.json
// (written in the same shape by packages/python/scripts/test.mjs). The fuller tier (`full`, `npm run test:full`): the suites' pass
// on the Redis store (test-results.redis.json), the sandbox under vitest
// (test-results.vitest.json, same format), the headless browser's (test-results.browser.json)
// and the installed packages' (test-results.install.json). A tier counts only its own files: another tier's, left from an
// earlier run, would count twice or stale.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';

const packagesDir = join(repoRoot, 'packages');
let passed = 0;
let failed = 0;
let skipped = 0;
/** Each tier's result files in a package, by the line they are reported on. */
const tiers = {
  fast: [
    { label: '', files: ['test-results.json'] },
    { label: ' (Redis store)', files: ['test-results.redis-store.json'] },
    { label: ' (Python)', files: ['test-results.python.json'] },
  ],
  full: [
    { label: ' on Redis', files: ['test-results.redis.json'] },
    { label: ' with vitest', files: ['test-results.vitest.json'] },
    { label: ' in a browser', files: ['test-results.browser.json'] },
    { label: ' installed', files: ['test-results.install.json'] },
  ],
};
const tier = process.argv[2] ?? 'fast';
const runs = tiers[tier];
if (runs === undefined) throw new Error(`unknown tier ${tier}: expected fast or full`);
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

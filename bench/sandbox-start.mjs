#!/usr/bin/env node
// Issue 30: the time a user's test file spends in the sandbox before its first test, in a fresh
// process each run (`lib/sandbox-first-test.mjs`: startSandbox, then the first call of 10
// operations), with the cache of compiled validators cold (an empty directory), warm (filled by
// an earlier process) and off (BROKERAGE_VALIDATOR_CACHE=off). Runs interleaved, medians.
// Run after a build: `node bench/sandbox-start.mjs [--runs 7] [--baseline <checkout>]` (the
// baseline: another built checkout, measured the same way). Writes results/sandbox-start.json.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median, round } from './lib/stats.mjs';

const { values: flags } = parseArgs({
  options: { runs: { type: 'string', default: '7' }, baseline: { type: 'string' } },
});
const runs = Number(flags.runs);
const child = fileURLToPath(new URL('lib/sandbox-first-test.mjs', import.meta.url));

function once(env) {
  const output = execFileSync(process.execPath, [child], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

const warmDirectory = mkdtempSync(join(tmpdir(), 'sandbox-start-warm-'));
const cases = {
  cold: () => {
    const directory = mkdtempSync(join(tmpdir(), 'sandbox-start-cold-'));
    try {
      return once({ BROKERAGE_VALIDATOR_CACHE: directory });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  },
  warm: () => once({ BROKERAGE_VALIDATOR_CACHE: warmDirectory }),
  off: () => once({ BROKERAGE_VALIDATOR_CACHE: 'off' }),
};
if (flags.baseline) {
  const entry = join(flags.baseline, 'packages/testing/dist/index.js');
  cases.baseline = () => once({ BENCH_TESTING_ENTRY: entry });
}

try {
  cases.warm(); // fills the warm directory
  const all = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (let run = 0; run < runs; run++) {
    for (const [name, measure] of Object.entries(cases)) {
      all[name].push(measure());
      process.stderr.write('.');
    }
  }
  process.stderr.write('\n');
  const keys = ['sandboxMs', 'startMs', 'callsMs', 'sandboxCpuMs', 'importMs'];
  const medians = Object.fromEntries(
    Object.entries(all).map(([name, results]) => [
      name,
      Object.fromEntries(keys.map((key) => [key, round(median(results.map((r) => r[key])), 0)])),
    ]),
  );
  const result = {
    runs,
    goalMs: 300,
    medians,
    all,
    environment: { node: process.version, cpus: (await import('node:os')).cpus().length },
    loadAverage: (await import('node:os')).loadavg(),
  };
  writeFileSync(
    new URL('results/sandbox-start.json', import.meta.url),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  console.log(JSON.stringify({ runs, goalMs: 300, medians }, null, 2));
} finally {
  rmSync(warmDirectory, { recursive: true, force: true });
}

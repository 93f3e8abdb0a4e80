#!/usr/bin/env node
// The release benchmark (issue 44): the figures a user feels, each in the same run as its
// reference, so that a slower change shows whatever the machine's load:
// - the read path: GET ledger on the validated server and on the server without validation,
//   each as a ratio to a bare Express 5 app answering the same bytes (interleaved rounds, the
//   ratio taken within each round, the median of the rounds);
// - a test file's start: in a fresh process, the import of @brokerage/testing and
//   `startSandbox()`, then the first call of 10 operations (validator cache warm, as after the
//   suite's global set-up), beside the same process importing Express and starting a bare app
//   (interleaved, medians);
// - the test loop (`--test-loop`): `npm test`'s wall and CPU time (user + sys of its process
//   tree), this checkout then the baseline's.
// `--baseline <checkout>` (a built checkout, such as the last release's) is measured in the same
// rounds. Writes results/release.json and results/release.md; `--record` also appends the
// figures to results/release-history.json and draws results/release.svg from the history (the
// release procedure's step: CONTRIBUTING.md). Run after a build: `npm run bench:release`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { lineCharts } from './lib/chart.mjs';
import {
  repoRoot,
  runEntryPoint,
  startBareExpress,
  startReference,
  stopAll,
} from './lib/processes.mjs';
import { median, round } from './lib/stats.mjs';
import { measureThroughput, operations, recordAnswers } from './lib/throughput.mjs';

const { values: flags } = parseArgs({
  options: {
    baseline: { type: 'string' },
    rounds: { type: 'string', default: '15' },
    answers: { type: 'string', default: '3000' },
    seconds: { type: 'string', default: '10' },
    runs: { type: 'string', default: '9' },
    'test-loop': { type: 'boolean', default: false },
    'skip-read': { type: 'boolean', default: false },
    'skip-start': { type: 'boolean', default: false },
    record: { type: 'boolean', default: false },
    results: { type: 'string' },
  },
});
const here = fileURLToPath(new URL('.', import.meta.url));
const resultsDir = flags.results ?? join(here, 'results');
const baseline = flags.baseline && resolve(flags.baseline);
const log = (line) => process.stderr.write(`${line}\n`);
const ledger = operations.filter((operation) => operation.id === 'ledger');

/** The builds measured: this checkout, then the baseline's. */
const builds = [
  { id: 'this', root: repoRoot },
  ...(baseline ? [{ id: 'baseline', root: baseline }] : []),
];
/** The file a build's `@brokerage/server` resolves to (its package's exports), as a user imports
 * it: the bundle where the build ships one. */
const serverEntry = (build) => {
  const folder = join(build.root, 'packages/server');
  const { exports } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  return join(folder, exports['.'].default);
};
const testingEntry = (build) => join(build.root, 'packages/testing/dist/index.js');

/** The read path: each build's server with and without validation, and bare Express. */
async function readPath() {
  const targets = [];
  const urls = {};
  const pids = {};
  const started = (id, { url, child }) => {
    urls[id] = url;
    pids[id] = child.pid;
  };
  for (const build of builds) {
    for (const validation of [true, false]) {
      const id = `${build.id}-${validation ? 'validated' : 'floor'}`;
      targets.push({ id, label: `${build.id} ${validation ? 'validated' : 'no validation'}` });
      started(id, await startReference({ validation, server: serverEntry(build) }));
    }
  }
  started('bare', await startBareExpress(await recordAnswers(urls['this-validated'], ledger)));
  targets.push({ id: 'bare', label: 'bare Express 5 (same bytes)' });
  const { runs } = await measureThroughput({
    urls,
    pids,
    targets,
    operations: ledger,
    rounds: Number(flags.rounds),
    connections: 10,
    seconds: Number(flags.seconds),
    answers: Number(flags.answers),
    rotate: true,
    warmupSeconds: 2,
    log,
  });
  await stopAll();
  const of = (r, target, key) => runs.find((run) => run.round === r && run.target === target)[key];
  const rounds = [...new Set(runs.map((run) => run.round))];
  const medianOf = (each) => median(rounds.map(each));
  const figures = Object.fromEntries(
    targets.map(({ id }) => [
      id,
      {
        requestsPerSecond: round(
          medianOf((r) => of(r, id, 'requestsPerSecond')),
          0,
        ),
        cpuUsPerRequest: round(
          medianOf((r) => of(r, id, 'cpuUsPerRequest')),
          0,
        ),
        // Within each round: this server's answers per second over bare Express's, and bare
        // Express's CPU time per answer over this server's (the same ratio, as the CPU sees it).
        vsBare: round(
          medianOf((r) => of(r, id, 'requestsPerSecond') / of(r, 'bare', 'requestsPerSecond')),
          3,
        ),
        cpuVsBare: round(
          medianOf((r) => of(r, 'bare', 'cpuUsPerRequest') / of(r, id, 'cpuUsPerRequest')),
          3,
        ),
      },
    ]),
  );
  return { figures, runs };
}

/** One fresh process of `script` (printing its times as JSON). */
function child(script, env) {
  const result = spawnSync(process.execPath, [join(here, 'lib', script)], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${script}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** A test file's start: each build's sandbox and the bare Express reference, interleaved. */
function sandboxStart() {
  const cache = mkdtempSync(join(tmpdir(), 'bench-release-validators-'));
  try {
    const cases = {
      reference: () => child('express-start.mjs', {}),
      ...Object.fromEntries(
        builds.map((build) => [
          build.id,
          () =>
            child('sandbox-first-test.mjs', {
              BENCH_TESTING_ENTRY: testingEntry(build),
              BROKERAGE_VALIDATOR_CACHE: join(cache, build.id),
            }),
        ]),
      ),
    };
    // Fills each build's validator cache, as the suite's global set-up does.
    for (const build of builds) cases[build.id]();
    const all = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
    for (let run = 0; run < Number(flags.runs); run++) {
      for (const [name, measure] of Object.entries(cases)) all[name].push(measure());
      process.stderr.write('.');
    }
    process.stderr.write('\n');
    const figures = Object.fromEntries(
      Object.entries(all).map(([name, results]) => [
        name,
        {
          importStartMs: round(median(results.map((r) => r.importMs + r.startMs)), 0),
          importStartCpuMs: round(median(results.map((r) => r.importStartCpuMs)), 0),
          importMs: round(median(results.map((r) => r.importMs)), 0),
          startMs: round(median(results.map((r) => r.startMs)), 0),
          firstCallsMs: round(median(results.map((r) => r.callsMs)), 0),
        },
      ]),
    );
    return { figures, all };
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

/** `npm test` in `root`: wall time, and the user + sys time of its whole process tree. */
function testLoop(root) {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    // bash's `times` prints the CPU time of the children it waited for (the whole tree).
    const shell = spawn(
      'bash',
      ['-c', 'nice -n 10 npm test > "$LOG" 2>&1; code=$?; times; exit $code'],
      { cwd: root, env: { ...process.env, LOG: join(tmpdir(), 'bench-release-npm-test.log') } },
    );
    let output = '';
    shell.stdout.on('data', (chunk) => (output += chunk));
    shell.once('error', reject);
    shell.once('exit', (code) => {
      const wallS = (performance.now() - started) / 1000;
      const seconds = [...output.matchAll(/(\d+)m([\d.]+)s/g)].map(
        ([, minutes, secs]) => Number(minutes) * 60 + Number(secs),
      );
      // `times`: the shell's user and sys, then its children's.
      const cpuS = (seconds[2] ?? NaN) + (seconds[3] ?? NaN);
      resolvePromise({ passed: code === 0, wallS: round(wallS, 0), cpuS: round(cpuS, 0) });
    });
  });
}

function git(...args) {
  return spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).stdout.trim();
}

function markdown(result) {
  const lines = [
    '# Release benchmark',
    '',
    `${result.date} · ${result.version} · ${result.commit.slice(0, 10)} · Node ${result.environment.node} · ${result.environment.cpus} cores · load ${result.environment.loadAverage.join(' ')}`,
    '',
  ];
  const { read, start, testLoop: loop } = result;
  if (read) {
    lines.push(
      `## GET ledger against bare Express 5 answering the same bytes (${flags.rounds} interleaved rounds of ${flags.answers} answers each, the order rotating, median of each round's ratio)`,
      '',
      '| server | req/s | / bare Express | CPU µs per answer | bare Express CPU / this | goal |',
      '|---|--:|--:|--:|--:|--:|',
    );
    for (const [id, figure] of Object.entries(read.figures)) {
      const goal = id.endsWith('-validated') ? '≥ 0.8' : id.endsWith('-floor') ? '≥ 0.9' : '';
      lines.push(
        `| ${id} | ${figure.requestsPerSecond} | ${figure.vsBare} | ${figure.cpuUsPerRequest} | ${figure.cpuVsBare} | ${goal} |`,
      );
    }
    lines.push(
      '',
      "The second ratio is the first as the servers' CPU time sees it: bare Express's CPU time per answer over this server's, in the same round. On a busy machine the load generator and other processes take turns with the servers, and the requests per second move with them; the CPU time each answer costs moves much less.",
      '',
    );
  }
  if (start) {
    lines.push(
      `## A test file's start in a fresh process (${flags.runs} interleaved runs, medians, validator cache warm)`,
      '',
      '| process | import (ms) | start (ms) | import + start (ms) | import + start, CPU (ms) | first call of 10 operations (ms) |',
      '|---|--:|--:|--:|--:|--:|',
    );
    for (const [id, figure] of Object.entries(start.figures)) {
      const name =
        id === 'reference'
          ? 'reference: Express, a bare app'
          : `${id}: @brokerage/testing, startSandbox()`;
      lines.push(
        `| ${name} | ${figure.importMs} | ${figure.startMs} | ${figure.importStartMs} | ${figure.importStartCpuMs ?? ''} | ${figure.firstCallsMs} |`,
      );
    }
    lines.push(
      '',
      'Goals: import + start ≤ 300 ms; the first calls ≤ 200 ms. The CPU time (user + system) of the process over its import and start moves less than the wall time when other processes share the cores.',
      '',
    );
  }
  if (loop) {
    lines.push(
      '## `npm test`',
      '',
      '| checkout | passed | wall (s) | CPU, user + sys (s) |',
      '|---|---|--:|--:|',
    );
    for (const [id, figure] of Object.entries(loop))
      lines.push(`| ${id} | ${figure.passed} | ${figure.wallS} | ${figure.cpuS} |`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

/** The history's figures, one point per release, drawn as one panel each. */
function historyChart(history) {
  const points = history.map((entry, index) => ({ index: index + 1, ...entry.figures }));
  return lineCharts({
    title: 'Release benchmark: each figure against its reference, release by release',
    xLabel: 'release (release-history.json, in order)',
    x: (point) => point.index,
    lines: [{ name: 'release', points }],
    series: [
      { label: 'ledger validated / bare Express', value: (point) => point.ledgerVsBare },
      { label: 'ledger unvalidated / bare Express', value: (point) => point.ledgerFloorVsBare },
      { label: 'import + sandbox start (ms)', value: (point) => point.importStartMs },
      { label: 'first call of 10 operations (ms)', value: (point) => point.firstCallsMs },
      { label: 'npm test wall (s)', value: (point) => point.testWallS },
    ],
  });
}

async function main() {
  const result = {
    date: new Date().toISOString(),
    version: JSON.parse(readFileSync(join(repoRoot, 'packages/server/package.json'), 'utf8'))
      .version,
    commit: git('rev-parse', 'HEAD'),
    baseline: baseline ?? null,
    environment: {
      node: process.version,
      cpus: cpus().length,
      loadAverage: loadavg().map((v) => round(v, 1)),
    },
  };
  if (!flags['skip-read']) {
    log(`Read path: ${flags.rounds} rounds of GET ledger`);
    result.read = await readPath();
  }
  if (!flags['skip-start']) {
    log(`A test file's start: ${flags.runs} runs`);
    result.start = sandboxStart();
  }
  if (flags['test-loop']) {
    result.testLoop = {};
    for (const build of builds) {
      log(`npm test in ${build.root}`);
      result.testLoop[build.id] = await testLoop(build.root);
    }
  }
  result.figures = {
    ledgerVsBare: result.read?.figures['this-validated'].vsBare,
    ledgerFloorVsBare: result.read?.figures['this-floor'].vsBare,
    ledgerCpuVsBare: result.read?.figures['this-validated'].cpuVsBare,
    ledgerFloorCpuVsBare: result.read?.figures['this-floor'].cpuVsBare,
    importStartMs: result.start?.figures.this.importStartMs,
    importStartCpuMs: result.start?.figures.this.importStartCpuMs,
    referenceImportStartMs: result.start?.figures.reference.importStartMs,
    firstCallsMs: result.start?.figures.this.firstCallsMs,
    testWallS: result.testLoop?.this.wallS,
    testCpuS: result.testLoop?.this.cpuS,
  };
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'release.json'), `${JSON.stringify(result, null, 2)}\n`);
  const table = markdown(result);
  writeFileSync(join(resultsDir, 'release.md'), table);
  if (flags.record) {
    const historyFile = join(resultsDir, 'release-history.json');
    const history = existsSync(historyFile) ? JSON.parse(readFileSync(historyFile, 'utf8')) : [];
    history.push({
      version: result.version,
      commit: result.commit,
      date: result.date,
      figures: result.figures,
    });
    writeFileSync(historyFile, `${JSON.stringify(history, null, 2)}\n`);
    writeFileSync(join(resultsDir, 'release.svg'), historyChart(history));
  }
  process.stdout.write(table);
}

runEntryPoint(main);

#!/usr/bin/env node
// The benchmark suite: `pnpm bench` from the root (builds first). Prints the markdown table and
// writes results/latest.json, results/latest.md, results/throughput.svg, results/growth.svg and
// results/soak.svg.
// Options: --quick (shorter cases, one round: a smoke run), --skip-generation, --skip-growth,
// --skip-soak, --server <checkout>/packages/server/dist/index.js (another build measured),
// --baseline <checkout>/packages/server/dist/index.js (that build measured too, side by side: its
// validated server in the same throughput rounds, its growth curve and soak after this build's,
// both in the charts, and issue 18's table for both builds at the head of latest.md),
// --results <dir>.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { lineCharts, soakChart, throughputChart } from './lib/chart.mjs';
import { measureClientOverhead, measureReplyLoop } from './lib/client-overhead.mjs';
import { measureColdStart } from './lib/cold-start.mjs';
import { measureGeneration } from './lib/generation.mjs';
import { measureGrowth } from './lib/growth.mjs';
import { measureSoak } from './lib/soak.mjs';
import {
  runEntryPoint,
  startBareExpress,
  startPrism,
  startReference,
  stopAll,
} from './lib/processes.mjs';
import { environment, goalsOf, markdown, ratiosOf } from './lib/report.mjs';
import {
  baselineTarget,
  measureThroughput,
  operations,
  recordAnswers,
  targets,
} from './lib/throughput.mjs';

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'skip-generation': { type: 'boolean', default: false },
    'skip-growth': { type: 'boolean', default: false },
    'skip-soak': { type: 'boolean', default: false },
    // Another build's server entry (`<checkout>/packages/server/dist/index.js`) measured instead.
    server: { type: 'string' },
    // Another build's server entry measured as well, side by side (the "before" of a change).
    baseline: { type: 'string' },
    // Where the results are written (default: results/ beside this file).
    results: { type: 'string' },
  },
});
const settings = flags.quick
  ? {
      connections: 10,
      seconds: 2,
      warmupSeconds: 1,
      rounds: 1,
      coldStartRuns: 2,
      generationRuns: 1,
      clientBatches: 4,
      clientCalls: 100,
      replyRepetitions: 5,
      growthLevels: [0, 1000, 3000],
      growthSample: 200,
      growSeconds: 15,
      soakSeconds: 20,
      soakSampleSeconds: 5,
    }
  : {
      connections: 10,
      seconds: 5,
      warmupSeconds: 1,
      rounds: 2,
      coldStartRuns: 3,
      generationRuns: 3,
      clientBatches: 8,
      clientCalls: 200,
      replyRepetitions: 15,
      growthLevels: [0, 1_000, 10_000, 100_000],
      growthSample: 500,
      growSeconds: 120,
      soakSeconds: 150,
      soakSampleSeconds: 10,
    };

const resultsDir = flags.results ?? join(dirname(fileURLToPath(import.meta.url)), 'results');
const log = (line) => process.stderr.write(`${line}\n`);

/** The builds measured: this one (or `--server`'s), then `--baseline`'s. */
const builds = [
  { id: 'this', name: 'this build', server: flags.server },
  ...(flags.baseline ? [{ id: 'baseline', name: 'baseline build', server: flags.baseline }] : []),
];
const benchTargets = flags.baseline ? [...targets, baselineTarget] : targets;

/** `measure(server)` for each build, one after the other: { [build id]: its result }. */
async function eachBuild(measure) {
  const byBuild = {};
  for (const build of builds) {
    if (builds.length > 1) log(`  ${build.name}`);
    byBuild[build.id] = await measure(build.server);
  }
  return byBuild;
}

/** One line per build in each panel of a line chart. */
const chartLines = (byBuild) =>
  builds.map((build) => ({ name: build.name, points: byBuild[build.id].points }));

async function main() {
  const started = performance.now();
  log(
    `Starting the servers: reference (validated), reference (no validation), Prism${flags.baseline ? ', the baseline (validated)' : ''}`,
  );
  const [validated, floor, prism, baseline] = await Promise.all([
    startReference({ validation: true, server: flags.server }),
    startReference({ validation: false, server: flags.server }),
    startPrism(),
    ...(flags.baseline ? [startReference({ validation: true, server: flags.baseline })] : []),
  ]);
  log('Starting a bare Express app with the answers the reference server gave');
  const bare = await startBareExpress(await recordAnswers(validated.url));
  const urls = {
    validated: validated.url,
    floor: floor.url,
    prism: prism.url,
    bare: bare.url,
    baseline: baseline?.url,
  };

  log(
    `Throughput: ${settings.rounds} rounds × ${operations.length} operations × ${benchTargets.length} servers`,
  );
  const throughput = await measureThroughput({ urls, targets: benchTargets, ...settings, log });
  throughput.ratios = ratiosOf(throughput.summary);

  log('Client: typed client against raw fetch; the order-reply loop');
  const client = {
    overhead: await measureClientOverhead({
      url: validated.url,
      batches: settings.clientBatches,
      calls: settings.clientCalls,
    }),
    replyLoop: await measureReplyLoop({
      url: validated.url,
      repetitions: settings.replyRepetitions,
    }),
  };
  await stopAll();

  let growth;
  if (!flags['skip-growth']) {
    log(`State growth: ${settings.growthLevels.join(', ')} resting orders`);
    growth = await eachBuild((server) =>
      measureGrowth({
        levels: settings.growthLevels,
        sample: settings.growthSample,
        connections: settings.connections,
        growSeconds: settings.growSeconds,
        server,
        log,
      }),
    );
  }

  let soak;
  if (!flags['skip-soak']) {
    log(`Soak: 32 gateway clients, 4 hosted clients, ${settings.soakSeconds} s`);
    soak = await eachBuild((server) =>
      measureSoak({
        seconds: settings.soakSeconds,
        clients: 32,
        hostedClients: 4,
        sampleSeconds: settings.soakSampleSeconds,
        server,
        log,
      }),
    );
  }

  log('Cold start');
  const coldStart = await measureColdStart({ runs: settings.coldStartRuns });
  log('Generation');
  const generation = flags['skip-generation']
    ? { runs: 0, medianMs: NaN, timesMs: [] }
    : await measureGeneration({ runs: settings.generationRuns });

  const results = {
    environment: {
      ...environment(),
      server: flags.server ?? '@brokerage/server (this workspace)',
    },
    settings,
    throughput,
    client,
    growth: growth?.this,
    soak: soak?.this,
    coldStart,
    generation,
    ...(flags.baseline
      ? {
          baseline: {
            server: flags.baseline,
            ratios: ratiosOf(throughput.summary, baselineTarget.id),
            growth: growth?.baseline,
            soak: soak?.baseline,
          },
        }
      : {}),
  };
  results.goals = goalsOf(results);
  results.durationSeconds = (performance.now() - started) / 1000;

  mkdirSync(resultsDir, { recursive: true });
  const table = markdown(results, { operations, targets: benchTargets });
  writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(resultsDir, 'latest.md'), table);
  writeFileSync(
    join(resultsDir, 'throughput.svg'),
    throughputChart({
      operations,
      targets: benchTargets,
      summary: throughput.summary,
      title: `Requests per second, ${settings.connections} connections (median of ${settings.rounds} rounds)`,
    }),
  );
  if (growth) {
    writeFileSync(
      join(resultsDir, 'growth.svg'),
      lineCharts({
        title: 'The reference server as the order book grows',
        xLabel: 'orders in the book',
        x: (point) => point.orders,
        lines: chartLines(growth),
        series: [
          { label: 'placements per second', value: (point) => point.placementsPerSecond },
          { label: 'open orders, all (ms)', value: (point) => point.openOrdersAllMs },
          { label: 'open orders, filled only (ms)', value: (point) => point.openOrdersFilteredMs },
          { label: 'resident memory (MiB)', value: (point) => point.rssMiB },
        ],
      }),
    );
  }
  if (soak) {
    writeFileSync(join(resultsDir, 'soak.svg'), soakChart(chartLines(soak)));
  }
  process.stdout.write(`${table}\n`);
  log(
    `Wrote latest.json, latest.md and the charts in ${resultsDir} in ${results.durationSeconds.toFixed(0)} s`,
  );
}

runEntryPoint(main);

#!/usr/bin/env node
// The benchmark suite: `pnpm bench` from the root (builds first). Prints the markdown table and
// writes results/latest.json, results/latest.md, results/throughput.svg, results/growth.svg and
// results/soak.svg.
// Options: --quick (shorter cases, one round: a smoke run), --skip-generation, --skip-growth,
// --skip-soak, --server <checkout>/packages/server/dist/app.js (another build measured),
// --results <dir>.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { lineCharts, throughputChart } from './lib/chart.mjs';
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
import { measureThroughput, operations, recordAnswers, targets } from './lib/throughput.mjs';

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'skip-generation': { type: 'boolean', default: false },
    'skip-growth': { type: 'boolean', default: false },
    'skip-soak': { type: 'boolean', default: false },
    // Another build's server entry (`<checkout>/packages/server/dist/app.js`) measured instead.
    server: { type: 'string' },
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

async function main() {
  const started = performance.now();
  if (flags.server) process.env.BENCH_SERVER = flags.server;
  log('Starting the servers: reference (validated), reference (no validation), Prism');
  const [validated, floor, prism] = await Promise.all([
    startReference({ validation: true }),
    startReference({ validation: false }),
    startPrism(),
  ]);
  log('Starting a bare Express app with the answers the reference server gave');
  const bare = await startBareExpress(await recordAnswers(validated.url));
  const urls = { validated: validated.url, floor: floor.url, prism: prism.url, bare: bare.url };

  log(
    `Throughput: ${settings.rounds} rounds × ${operations.length} operations × ${targets.length} servers`,
  );
  const throughput = await measureThroughput({ urls, ...settings, log });
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
    growth = await measureGrowth({
      levels: settings.growthLevels,
      sample: settings.growthSample,
      connections: settings.connections,
      growSeconds: settings.growSeconds,
      log,
    });
  }

  let soak;
  if (!flags['skip-soak']) {
    log(`Soak: 32 gateway clients, 4 hosted clients, ${settings.soakSeconds} s`);
    soak = await measureSoak({
      seconds: settings.soakSeconds,
      clients: 32,
      hostedClients: 4,
      sampleSeconds: settings.soakSampleSeconds,
      log,
    });
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
    growth,
    soak,
    coldStart,
    generation,
  };
  results.goals = goalsOf(results);
  results.durationSeconds = (performance.now() - started) / 1000;

  mkdirSync(resultsDir, { recursive: true });
  const table = markdown(results, { operations, targets });
  writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(resultsDir, 'latest.md'), table);
  writeFileSync(
    join(resultsDir, 'throughput.svg'),
    throughputChart({
      operations,
      targets,
      summary: throughput.summary,
      title: `Requests per second, ${settings.connections} connections (median of ${settings.rounds} rounds)`,
    }),
  );
  if (growth) {
    const xs = growth.points.map((point) => point.orders);
    writeFileSync(
      join(resultsDir, 'growth.svg'),
      lineCharts({
        title: 'The reference server as the order book grows',
        xLabel: 'orders in the book',
        xs,
        series: [
          {
            label: 'placements per second',
            values: growth.points.map((p) => p.placementsPerSecond),
          },
          { label: 'open orders, all (ms)', values: growth.points.map((p) => p.openOrdersAllMs) },
          {
            label: 'open orders, filled only (ms)',
            values: growth.points.map((p) => p.openOrdersFilteredMs),
          },
          { label: 'resident memory (MiB)', values: growth.points.map((p) => p.rssMiB) },
        ],
      }),
    );
  }
  if (soak) {
    writeFileSync(
      join(resultsDir, 'soak.svg'),
      lineCharts({
        title: 'The reference server under a mixed load, over time',
        xLabel: 'seconds',
        xs: soak.points.map((point) => point.seconds),
        series: [
          { label: 'gateway answers/s', values: soak.points.map((p) => p.gatewayPerSecond) },
          { label: 'hosted signed answers/s', values: soak.points.map((p) => p.hostedPerSecond) },
          { label: '/health p99 (ms)', values: soak.points.map((p) => p.healthP99Ms) },
          { label: 'resident memory (MiB)', values: soak.points.map((p) => p.gatewayRssMiB) },
        ],
      }),
    );
  }
  process.stdout.write(`${table}\n`);
  log(
    `Wrote latest.json, latest.md and the charts in ${resultsDir} in ${results.durationSeconds.toFixed(0)} s`,
  );
}

runEntryPoint(main);

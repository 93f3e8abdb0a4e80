#!/usr/bin/env node
// The soak held past the service's retention windows: `pnpm --filter @brokerage/bench
// bench:long-soak` (after a build). The bench's mixed load (lib/soak.mjs) for as long as asked,
// so that memory can be read after the hosted server's 600 s nonce window (the bench's 150 s soak
// ends inside it); writes results/long-soak.json, long-soak.md and long-soak.svg.
// Options: --seconds (default 900), --sample-seconds (default 30), --server <entry>,
// --results <dir>.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { soakChart } from './lib/chart.mjs';
import { runEntryPoint } from './lib/processes.mjs';
import { environment, metText, soakGoalsOf, soakSection } from './lib/report.mjs';
import { measureSoak } from './lib/soak.mjs';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '900' },
    'sample-seconds': { type: 'string', default: '30' },
    server: { type: 'string' },
    results: { type: 'string' },
  },
});
const resultsDir = flags.results ?? join(dirname(fileURLToPath(import.meta.url)), 'results');
const log = (line) => process.stderr.write(`${line}\n`);

async function main() {
  const seconds = Number(flags.seconds);
  log(`Soak: 32 gateway clients, 4 hosted clients, ${seconds} s`);
  const soak = await measureSoak({
    seconds,
    clients: 32,
    hostedClients: 4,
    sampleSeconds: Number(flags['sample-seconds']),
    server: flags.server,
    log,
  });
  const results = {
    environment: { ...environment(), server: flags.server ?? '@brokerage/server (this workspace)' },
    soak,
    goals: soakGoalsOf(soak),
  };
  const { date, node, cpus, cpuModel } = results.environment;
  const lines = [
    '# A long soak',
    '',
    `${date} · Node ${node} · ${cpus} × ${cpuModel} · \`${results.environment.server}\``,
    '',
    '| Goal | Measured | Met |',
    '|---|--:|:-:|',
    ...results.goals.map((row) => `| ${row.goal} | ${row.measured} | ${metText(row.met)} |`),
    ...soakSection(soak),
    '',
    '![Soak](long-soak.svg)',
    '',
  ];
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'long-soak.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(resultsDir, 'long-soak.md'), lines.join('\n'));
  writeFileSync(join(resultsDir, 'long-soak.svg'), soakChart([{ name: '', points: soak.points }]));
  process.stdout.write(`${lines.join('\n')}\n`);
}

runEntryPoint(main);

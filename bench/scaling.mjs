#!/usr/bin/env node
// Scaling on Redis: `pnpm --filter @brokerage/bench bench:scaling` (after a build). Starts a Redis
// of its own (Debian's `redis-server`), measures 1, 2 and 4 processes on it against the single
// in-memory process, and the failover after a kill; writes results/scaling.json and
// results/scaling.md. Options: --quick (2 s cases: a smoke run), --results <dir>.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runEntryPoint } from './lib/processes.mjs';
import { environment } from './lib/report.mjs';
import { startRedis } from './lib/redis.mjs';
import { measureScaling, scalingMarkdown } from './lib/scaling.mjs';

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    results: { type: 'string' },
  },
});
const settings = { connections: 10, seconds: flags.quick ? 2 : 5, warmupSeconds: 1 };
const resultsDir = flags.results ?? join(dirname(fileURLToPath(import.meta.url)), 'results');
const log = (line) => process.stderr.write(`${line}\n`);

async function main() {
  const redis = await startRedis();
  log('Scaling: memory (1 process), Redis with 1, 2 and 4 processes');
  const measured = await measureScaling({ redisUrl: redis.url, ...settings, log });
  const results = {
    environment: environment(),
    settings,
    ...measured,
  };
  const table = scalingMarkdown(results);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'scaling.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(resultsDir, 'scaling.md'), table);
  process.stdout.write(`${table}\n`);
}

runEntryPoint(main);

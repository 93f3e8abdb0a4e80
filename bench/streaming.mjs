#!/usr/bin/env node
// The streaming benchmark (`pnpm --filter @brokerage/bench bench:streaming`, after a build): the
// reference server in a child process, N WebSocket subscribers of one contract (N = 1, 10, 100).
// Prints the figures and writes results/streaming.json. `--quick`: fewer steps and samples.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startReference, stopAll } from './lib/processes.mjs';
import { measureStreaming } from './lib/streaming.mjs';

const { values: flags } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
const settings = flags.quick
  ? { counts: [1, 10], walkSteps: 100, samples: 20, memoryConnections: 100 }
  : { counts: [1, 10, 100], walkSteps: 1000, samples: 200, memoryConnections: 500 };
const log = (line) => process.stderr.write(`${line}\n`);

try {
  const server = await startReference({ validation: true });
  log(`Streaming: market data of one contract to ${settings.counts.join(', ')} subscribers`);
  const results = await measureStreaming({
    url: server.url,
    pid: server.child.pid,
    ...settings,
    log,
  });
  const dir = join(dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'streaming.json'),
    `${JSON.stringify({ date: new Date().toISOString(), settings, ...results }, null, 2)}\n`,
  );
} finally {
  stopAll();
}

#!/usr/bin/env node
// Recorded stream frames against our AsyncAPI document: each `*.json` file of a folder holds one
// server message as the service sent it (captured from the real `/v1/api/ws` by a public client);
// each is checked with the generated stream validators (`validateServerMessage`, the check the
// server's test mode and the contract tests use) and the count that passes is printed.
//
// The frames are read at run time and never committed: their source and the figure measured are
// recorded in docs/decisions/service/stream-as-clients-open-and-read-it.md. Build the validators first.
//
// Usage: node scripts/check-stream-frames.mjs <folder of frame files>
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateServerMessage } from '../packages/validators/dist/index.js';

const folder = process.argv[2] ?? process.env.BROKERAGE_STREAM_FRAMES;
if (!folder) {
  console.error('usage: node scripts/check-stream-frames.mjs <folder of frame files>');
  process.exit(2);
}
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.json'))
  .sort();
let passed = 0;
for (const name of files) {
  const result = validateServerMessage(JSON.parse(readFileSync(join(folder, name), 'utf8')));
  if (result.valid) passed++;
  const problems = result.valid ? '' : `: ${result.errors.map((e) => e.message).join('; ')}`;
  console.log(`${result.valid ? 'pass' : 'FAIL'} ${name}${problems.slice(0, 300)}`);
}
console.log(`${passed} of ${files.length} recorded frames pass the streaming document`);

#!/usr/bin/env node
// A CPU profile of the read path: the reference server (validated; `--no-validation`: without)
// under `node --cpu-prof`, loaded with GET ledger for `--seconds` after a warm-up, then ended.
// Writes, under `--out` (default results/profiles/): `<name>.cpuprofile` (open it in Chrome's
// DevTools or speedscope), `<name>.svg` (a flame graph: callers above callees, width = share of
// the samples), and prints the self time by package and the heaviest functions.
// `--start`: a test file's start instead (import of @brokerage/testing, startSandbox(), the first
// 10 calls), in a fresh process. `--server <checkout>/packages/server/dist/index.js`: another build's server. By default this
// workspace's build as tsc wrote it (the same code as the bundle the package exports, but one
// file per module, so that the report names each frame's package and folder).
import { spawn, spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { load } from './lib/load.mjs';
import { operations } from './lib/throughput.mjs';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    'no-validation': { type: 'boolean', default: false },
    start: { type: 'boolean', default: false },
    server: { type: 'string' },
    name: { type: 'string', default: 'ledger' },
    out: { type: 'string' },
  },
});
const here = fileURLToPath(new URL('.', import.meta.url));
const out = flags.out ?? join(here, 'results', 'profiles');
const ledger = operations.find((operation) => operation.id === 'ledger');

/** A test file's start instead (`--start`): a fresh process importing @brokerage/testing,
 * starting a sandbox and making the first call of 10 operations (`lib/sandbox-first-test.mjs`),
 * profiled whole, one sample per 0.2 ms. */
function profileStart() {
  const directory = mkdtempSync(join(tmpdir(), 'bench-profile-'));
  const run = spawnSync(
    process.execPath,
    [
      '--cpu-prof',
      `--cpu-prof-dir=${directory}`,
      '--cpu-prof-interval=200',
      join(here, 'lib', 'sandbox-first-test.mjs'),
    ],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`sandbox-first-test: ${run.stderr}`);
  const [file] = readdirSync(directory).filter((name) => name.endsWith('.cpuprofile'));
  const times = JSON.parse(run.stdout);
  return {
    profile: JSON.parse(readFileSync(join(directory, file), 'utf8')),
    file: join(directory, file),
    title: `A test file's import of @brokerage/testing (${times.importMs.toFixed(0)} ms), startSandbox() (${times.startMs.toFixed(0)} ms) and first 10 calls (${times.callsMs.toFixed(0)} ms), under the profiler (hover a frame for its share)`,
  };
}

async function profile() {
  const directory = mkdtempSync(join(tmpdir(), 'bench-profile-'));
  const child = spawn(
    process.execPath,
    [
      '--cpu-prof',
      `--cpu-prof-dir=${directory}`,
      // One sample per ms: thousands over a run, enough for the shares, in a file of a few
      // hundred KiB.
      '--cpu-prof-interval=1000',
      join(here, 'lib', 'reference-server.mjs'),
      ...(flags['no-validation'] ? ['--no-validation'] : []),
      '--server',
      flags.server ?? join(here, '..', 'packages', 'server', 'dist', 'index.js'),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stdout.once('data', (line) => resolve(JSON.parse(line).url));
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  await ledger.prepare(url);
  await load({ url, request: ledger.request, connections: 10, seconds: 2 });
  const result = await load({
    url,
    request: ledger.request,
    connections: 10,
    seconds: Number(flags.seconds),
  });
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  const [file] = readdirSync(directory).filter((name) => name.endsWith('.cpuprofile'));
  return {
    profile: JSON.parse(readFileSync(join(directory, file), 'utf8')),
    file: join(directory, file),
    result,
  };
}

/** The package (or node:internal, or the server's own source) a frame belongs to. */
function ownerOf(url) {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node';
  const dist = /packages\/([^/]+)\/dist\/(.*)$/.exec(url);
  if (dist) return `@brokerage/${dist[1]}: ${dist[2].split('/').slice(0, -1).join('/') || '.'}`;
  return url.split('/').slice(-2).join('/');
}

/** Self samples by package and by function. */
function summarise(cpuProfile) {
  const total = cpuProfile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const byOwner = new Map();
  const byFunction = new Map();
  for (const node of cpuProfile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const owner = ownerOf(url);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + node.hitCount);
    const name = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + node.hitCount);
  }
  const top = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, hits]) => `${((hits / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
  return { total, owners: top(byOwner, 25), functions: top(byFunction, 40) };
}

const escape = (text) =>
  String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An icicle flame graph of the profile: one row per call depth, width = the share of samples
 * under a frame; frames under 0.2 % are left out. */
function flameGraph(cpuProfile, title) {
  const nodes = new Map(cpuProfile.nodes.map((node) => [node.id, node]));
  const totalOf = new Map();
  const sum = (node) => {
    let value = node.hitCount ?? 0;
    for (const id of node.children ?? []) value += sum(nodes.get(id));
    totalOf.set(node.id, value);
    return value;
  };
  const root = cpuProfile.nodes[0];
  const total = sum(root);
  const width = 1200;
  const rowHeight = 16;
  const rects = [];
  let depthMax = 0;
  const place = (node, x, depth) => {
    const share = totalOf.get(node.id) / total;
    if (share < 0.002) return;
    depthMax = Math.max(depthMax, depth);
    const w = share * width;
    const { functionName, url } = node.callFrame;
    const label = `${functionName || '(anonymous)'} (${ownerOf(url)})`;
    const hue = url.includes('node_modules') ? 30 : url.startsWith('node:') ? 200 : url ? 120 : 0;
    rects.push(
      `<g><title>${escape(label)}: ${(share * 100).toFixed(1)} %</title><rect x="${x.toFixed(1)}" y="${depth * rowHeight + 40}" width="${Math.max(w - 0.5, 0.5).toFixed(1)}" height="${rowHeight - 1}" fill="hsl(${hue},60%,${65 + (depth % 3) * 6}%)"/>` +
        (w > 60
          ? `<text x="${(x + 3).toFixed(1)}" y="${depth * rowHeight + 52}" font-size="10">${escape(label.slice(0, Math.floor(w / 6)))}</text>`
          : '') +
        '</g>',
    );
    let childX = x;
    for (const id of node.children ?? []) {
      const child = nodes.get(id);
      place(child, childX, depth + 1);
      childX += (totalOf.get(child.id) / total) * width;
    }
  };
  place(root, 0, 0);
  const height = (depthMax + 1) * rowHeight + 60;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="14" font-weight="bold">${escape(title)}</text>`,
    ...rects,
    '</svg>',
  ].join('\n');
}

let cpuProfile;
let file;
let title;
if (flags.start) {
  ({ profile: cpuProfile, file, title } = profileStart());
} else {
  const profiled = await profile();
  ({ profile: cpuProfile, file } = profiled);
  title = `GET ledger, ${flags['no-validation'] ? 'no validation' : 'validated'}: ${profiled.result.requestsPerSecond.toFixed(0)} req/s under the profiler, ${flags.seconds} s (hover a frame for its share)`;
}
mkdirSync(out, { recursive: true });
renameSync(file, join(out, `${flags.name}.cpuprofile`));
writeFileSync(join(out, `${flags.name}.svg`), flameGraph(cpuProfile, title));
const { total, owners, functions } = summarise(cpuProfile);
const report = [
  `${title}; ${total} samples`,
  '',
  'Self time by package:',
  ...owners,
  '',
  'Self time by function:',
  ...functions,
].join('\n');
writeFileSync(join(out, `${flags.name}.txt`), `${report}\n`);
process.stdout.write(`${report}\n`);

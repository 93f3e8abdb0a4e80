// Issue 29's proxy figures: the validating proxy (`brokerage-server --proxy`, the built command in
// a child process) forwards one huge JSON answer from a local upstream that generates it lazily,
// while /health is asked through the proxy every 100 ms. Reports the proxy's resident memory
// (sampled, and its peak), the /health latencies during the answer, how many bytes reached the
// client, the report's lines about that exchange, and how long SIGTERM takes to stop the proxy.
// A one-off measurement, nothing asserted. Usage:
//   node bench/proxy-stream.mjs [--mb 200] [--cli packages/server/dist/bin/cli.js] [--results file]
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { repoRoot } from './lib/processes.mjs';

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '200' },
    cli: { type: 'string', default: join(repoRoot, 'packages', 'server', 'dist', 'bin', 'cli.js') },
    results: { type: 'string' },
  },
});
const totalBytes = Number(values.mb) * 1024 * 1024;

/** An array of portfolio accounts, `totalBytes` long, made chunk by chunk as it is read. */
function hugeAnswer() {
  const item = JSON.stringify({ id: 'U1234567', accountId: 'U1234567', currency: 'USD' });
  const perChunk = 1000;
  const chunk = Buffer.from(`${`${item},`.repeat(perChunk)}`);
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 0) {
        sent += 1;
        this.push('[');
      } else if (sent + chunk.length + item.length + 1 < totalBytes) {
        sent += chunk.length;
        this.push(chunk);
      } else {
        this.push(`${item}]`);
        this.push(null);
      }
    },
  });
}

const upstream = createServer((req, res) => {
  if (req.url === '/v1/api/portfolio/accounts') {
    res.writeHead(200, { 'content-type': 'application/json' });
    hugeAnswer().pipe(res);
  } else {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"ok"}');
  }
});
await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const upstreamUrl = `http://127.0.0.1:${upstream.address().port}`;

const proxy = spawn(
  process.execPath,
  [values.cli, '--proxy', upstreamUrl, '--port', '0', '--log-level', 'silent'],
  { stdio: ['ignore', 'pipe', 'pipe'] },
);
// The report: its line count, and its first 64 KiB (the old proxy wrote a line per item).
let reportHead = '';
let reportLineCount = 0;
proxy.stdout.setEncoding('utf8').on('data', (text) => {
  reportLineCount += text.split('\n').length - 1;
  if (reportHead.length < 65536) reportHead += text.slice(0, 65536 - reportHead.length);
});
const proxyUrl = await new Promise((resolve, reject) => {
  let text = '';
  proxy.stderr.setEncoding('utf8').on('data', (chunk) => {
    text += chunk;
    const found = /listening on (\S+),/.exec(text);
    if (found) resolve(found[1]);
  });
  proxy.once('exit', (code) => reject(new Error(`the proxy exited (${code}): ${text}`)));
});

const memory = () => {
  const status = readFileSync(`/proc/${proxy.pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
};

/** One GET through the proxy: resolves with its latency in ms, or null after `timeoutMs`. */
function timedGet(path, timeoutMs) {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(`${proxyUrl}${path}`, (res) => {
      res.resume();
      res.once('end', () => resolve(performance.now() - started));
    });
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      resolve(null);
    });
    req.once('error', () => resolve(null));
    req.end();
  });
}

const before = memory();
const started = performance.now();
let received = 0;
const big = new Promise((resolve) => {
  const req = request(`${proxyUrl}/v1/api/portfolio/accounts`, (res) => {
    res.on('data', (chunk) => (received += chunk.length));
    res.once('end', resolve);
    res.once('error', resolve);
  });
  req.once('error', resolve);
  req.end();
});
let done = false;
void big.then(() => (done = true));

const health = [];
const samples = [];
// During the answer, and 10 s after it (the old proxy checked the exchange once it was sent).
let afterDoneMs;
while (performance.now() - started < 180_000) {
  samples.push({ atMs: Math.round(performance.now() - started), ...memory() });
  const latency = await timedGet('/health', 5000);
  health.push({ atMs: Math.round(performance.now() - started), latencyMs: latency });
  if (done) {
    afterDoneMs ??= performance.now();
    if (performance.now() - afterDoneMs > 10_000) break;
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const answerMs = Math.round(performance.now() - started);
const peak = memory().peakMb;

// SIGTERM: how long until the proxy exits (killed after 15 s: "ignored").
const termStarted = performance.now();
proxy.kill('SIGTERM');
const stopped = await Promise.race([
  new Promise((resolve) => proxy.once('exit', () => resolve(true))),
  new Promise((resolve) => setTimeout(() => resolve(false), 15_000)),
]);
const termMs = Math.round(performance.now() - termStarted);
if (!stopped) proxy.kill('SIGKILL');
upstream.close();

const latencies = health.map((h) => h.latencyMs).filter((ms) => ms !== null);
const sorted = [...latencies].sort((a, b) => a - b);
const at = (q) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : null;
const reportLines = reportHead
  .split('\n')
  .slice(0, 5)
  .filter((line) => line.startsWith('{') && line.endsWith('}'))
  .map((line) => JSON.parse(line));
const result = {
  mb: Number(values.mb),
  cli: values.cli,
  bytesTarget: totalBytes,
  bytesReceived: received,
  answerMs,
  rssBeforeMb: Math.round(before.rssMb),
  rssMaxSampledMb: Math.round(Math.max(...samples.map((s) => s.rssMb))),
  rssPeakMb: Math.round(peak),
  health: {
    asked: health.length,
    timedOut: health.filter((h) => h.latencyMs === null).length,
    p50Ms: at(0.5) && Math.round(at(0.5)),
    p99Ms: at(0.99) && Math.round(at(0.99)),
    maxMs: sorted.length ? Math.round(sorted.at(-1)) : null,
  },
  sigterm: stopped ? `exited after ${termMs} ms` : `ignored (killed after ${termMs} ms)`,
  reportLineCount,
  firstReportLines: reportLines.map((line) =>
    Object.fromEntries(Object.entries(line).filter(([key]) => key !== 'actual')),
  ),
};
const text = JSON.stringify(result, null, 2);
console.log(text);
if (values.results) writeFileSync(values.results, `${text}\n`);

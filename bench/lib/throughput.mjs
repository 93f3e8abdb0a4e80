// Throughput and latency of representative operations, interleaved across the targets:
// (a) the reference server validating requests and responses, (b) the same server without
// validation, (c) Stoplight Prism mocking the same bundled document, (d) a bare Express 5 app
// answering the bytes the reference server answered (the framework's own floor); with a baseline,
// (e) another build's server validating, in the same rounds.
import { readFileSync } from 'node:fs';
import { load } from './load.mjs';
import { median } from './stats.mjs';

const account = 'U1234567';

/** A limit order 0.3 % under AAPL's last price (189.50), for one share: no warning of the rule
 * table applies, so the service answers with a success entry at once. */
const limitOrder = {
  orders: [{ conid: 265598, orderType: 'LMT', side: 'BUY', price: 189, quantity: 1, tif: 'DAY' }],
};

/** AAPL's last, bid and ask. */
const snapshotPath = '/v1/api/iserver/marketdata/snapshot?conids=265598&fields=31,84,86';
/** Five days of AAPL's 1-minute bars with the extended hours: more than 1000 bars of trades,
 * cut to the most recent 1000 (the most one answer holds). */
const historyPath =
  '/v1/api/iserver/marketdata/history?conid=265598&period=5d&bar=1min&outsideRth=true';

const post = (url, path, body) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  }).then(async (response) => {
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  });
const get = (url, path) =>
  fetch(`${url}${path}`).then(async (response) => {
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  });

export const operations = [
  {
    id: 'ledger',
    label: 'GET ledger',
    request: { method: 'GET', path: `/v1/api/portfolio/${account}/ledger` },
    // The ledger answers 400 until the portfolio accounts are listed in the session.
    prepare: (url) => get(url, '/v1/api/portfolio/accounts'),
  },
  {
    id: 'order',
    label: 'POST order (success entry)',
    request: {
      method: 'POST',
      path: `/v1/api/iserver/account/${account}/orders`,
      body: limitOrder,
    },
    // A fresh state per run, so that the order book does not grow from run to run.
    prepare: async (url) => {
      await post(url, '/control/reset');
      await get(url, '/v1/api/iserver/accounts');
    },
    verify: (body) => body.includes('"order_id"'),
  },
  {
    id: 'tickle',
    label: 'POST /tickle',
    request: { method: 'POST', path: '/v1/api/tickle' },
  },
  {
    id: 'snapshot',
    label: 'GET snapshot (3 fields)',
    request: { method: 'GET', path: snapshotPath },
    // The snapshot needs /iserver/accounts first; the first request for a contract subscribes.
    prepare: async (url) => {
      await get(url, '/v1/api/iserver/accounts');
      await get(url, snapshotPath);
    },
    verify: (body) => body.includes('"31"'),
  },
  {
    id: 'snapshot-traded',
    label: 'GET snapshot after 3 days of trades',
    request: { method: 'GET', path: snapshotPath },
    // Three days of a trade a minute on every open contract (the control API's market jump),
    // then the same snapshot: its cost must not grow with the trades recorded. The jump outlasts
    // the gateway's session: log in again.
    prepare: async (url) => {
      await post(url, '/control/reset');
      await post(url, '/control/market/advance', { ms: 3 * 86_400_000 });
      await post(url, '/control/gateway/login');
      await get(url, '/v1/api/iserver/accounts');
      await get(url, snapshotPath);
    },
    verify: (body) => body.includes('"31"'),
  },
  {
    id: 'history',
    label: 'GET history (1000 1-min bars)',
    request: { method: 'GET', path: historyPath },
    verify: (body) => body.includes('"points":999'),
  },
];

export const targets = [
  { id: 'validated', label: 'reference (validated)' },
  { id: 'floor', label: 'reference (no validation)' },
  { id: 'prism', label: 'Prism 5.14.2 mock' },
  { id: 'bare', label: 'bare Express 5 (same bytes)' },
];

/** Another build's validated server (`run.mjs --baseline`), measured in the same rounds. */
export const baselineTarget = { id: 'baseline', label: 'reference, baseline build (validated)' };

/** Targets that keep no state: nothing to prepare before each case (every other one is a
 * reference server). */
const stateless = new Set(['prism', 'bare']);

/** What the reference server at `url` answers to each of `measured` (default: every operation),
 * after its preparation, as routes for the bare Express app. */
export async function recordAnswers(url, measured = operations) {
  const routes = [];
  for (const operation of measured) {
    await operation.prepare?.(url);
    const { method, path, body } = operation.request;
    const response = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    routes.push({
      method,
      path: path.split('?')[0],
      status: response.status,
      type: response.headers.get('content-type') ?? 'application/json',
      body: await response.text(),
    });
  }
  return routes;
}

/** CPU time (user + system, ms) a process has used so far (Linux: `/proc/<pid>/stat`, in clock
 * ticks of 10 ms). */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's name.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** For each round, each of `measured` (default: every operation) and each of `targets` (at
 * `urls[target.id]`): prepare, warm up, prepare again, measure. Answers the median of the rounds
 * per operation and target, and every run. With `pids` (target id → the server's process id),
 * each run also reports the server's CPU time per answer (`cpuUsPerRequest`): what the server
 * spends, which a busy machine changes much less than the requests per second it manages.
 * With `answers`, each run stops after that many answers (`seconds` caps it), every target
 * measured on as many; with `rotate`, each round starts with the next target (round 2 with the
 * second, ...), so that no target always follows the same one, and only the first round warms
 * up (the servers stay warm between rounds). Many short rounds, each target beside the others
 * within seconds, keep a shared machine's changing load out of the ratios taken per round. */
export async function measureThroughput({
  urls,
  pids = {},
  targets,
  operations: measured = operations,
  rounds,
  connections,
  seconds,
  warmupSeconds,
  answers,
  rotate = false,
  log,
}) {
  const runs = [];
  const labelWidth = Math.max(...targets.map((target) => target.label.length));
  for (let round = 1; round <= rounds; round++) {
    const shift = rotate ? (round - 1) % targets.length : 0;
    const order = [...targets.slice(shift), ...targets.slice(0, shift)];
    for (const operation of measured) {
      for (const target of order) {
        const url = urls[target.id];
        // Prism and the bare app keep no state: nothing to prepare there.
        const prepare = async () => {
          if (!stateless.has(target.id)) await operation.prepare?.(url);
        };
        const verify = target.id === 'prism' ? undefined : operation.verify;
        const options = { url, request: operation.request, connections, verify };
        await prepare();
        if (!rotate || round === 1) {
          await load({ ...options, seconds: warmupSeconds });
          await prepare();
        }
        const pid = pids[target.id];
        const cpuBefore = pid === undefined ? undefined : cpuMsOf(pid);
        const result = await load({ ...options, seconds, amount: answers });
        if (pid !== undefined)
          result.cpuUsPerRequest = ((cpuMsOf(pid) - cpuBefore) * 1000) / result.ok;
        runs.push({ round, operation: operation.id, target: target.id, ...result });
        log(
          `  round ${round}  ${operation.label.padEnd(28)} ${target.label.padEnd(labelWidth)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s${result.cpuUsPerRequest === undefined ? '' : `  ${result.cpuUsPerRequest.toFixed(0).padStart(4)} µs CPU/answer`}  p50 ${result.p50} ms  p99 ${result.p99} ms${result.failed ? `  (${result.failed} failed)` : ''}`,
        );
      }
    }
  }
  const summary = {};
  for (const operation of measured) {
    summary[operation.id] = {};
    for (const target of targets) {
      const mine = runs.filter((run) => run.operation === operation.id && run.target === target.id);
      summary[operation.id][target.id] = {
        requestsPerSecond: median(mine.map((run) => run.requestsPerSecond)),
        p50: median(mine.map((run) => run.p50)),
        p99: median(mine.map((run) => run.p99)),
        failed: mine.reduce((sum, run) => sum + run.failed, 0),
      };
    }
  }
  return { summary, runs };
}

// Scaling on Redis (issue 20): requests per second of 1, 2 and 4 server processes
// (`brokerage-server --workers N --store redis://...`) on one Redis, against the single process
// on the in-memory store, for a read and for placements on one account and on many; then the
// failover time after SIGKILL of a worker.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { load } from './load.mjs';
import { repoRoot, startCommand, stop } from './processes.mjs';

const { defaultFixtures } = await import(
  pathToFileURL(join(repoRoot, 'packages', 'server', 'dist', 'fixtures', 'index.js')).href
);

const account = 'U1234567';
/** Accounts of the gateway user added for the placements on many accounts. */
const manyAccounts = Array.from({ length: 20 }, (_, i) => `U9${String(i + 1).padStart(6, '0')}`);

/** The shipped fixtures, plus copies of the gateway user's account. */
function fixtures() {
  const template = defaultFixtures.accounts.find((each) => each.id === account);
  return {
    ...defaultFixtures,
    users: defaultFixtures.users.map((user) =>
      user.username === 'demo_individual'
        ? { ...user, accounts: [...user.accounts, ...manyAccounts] }
        : user,
    ),
    accounts: [
      ...defaultFixtures.accounts,
      ...manyAccounts.map((id) => ({ ...template, id, alias: id })),
    ],
  };
}

/** A one-share AAPL limit buy under the price: answered with a success entry at once. */
const placement = (accountId) => ({
  method: 'POST',
  path: `/v1/api/iserver/account/${accountId}/orders`,
  body: {
    orders: [{ conid: 265598, orderType: 'LMT', side: 'BUY', price: 189, quantity: 1, tif: 'DAY' }],
  },
});
const placed = (body) => body.includes('"order_id"');

export const scalingCases = [
  {
    id: 'ledger',
    label: 'GET ledger (read)',
    request: { method: 'GET', path: `/v1/api/portfolio/${account}/ledger` },
  },
  { id: 'orderOne', label: 'POST order, one account', request: placement(account), verify: placed },
  {
    id: 'orderMany',
    label: `POST order, ${manyAccounts.length} accounts in turn`,
    request: { ...placement(account), sequence: manyAccounts.map(placement) },
    verify: placed,
  },
];

export const scalingTargets = [
  { id: 'memory', label: 'memory, 1 process', workers: 1, redis: false },
  { id: 'redis1', label: 'Redis, 1 process', workers: 1, redis: true },
  { id: 'redis2', label: 'Redis, 2 workers', workers: 2, redis: true },
  { id: 'redis4', label: 'Redis, 4 workers', workers: 4, redis: true },
];

/** A request not answered in this time counts as failed. */
const requestTimeoutMs = 5000;

/** One request on a connection of its own (so the primary hands it to the next worker);
 * resolves with the status, 0 when the connection failed, -1 when it timed out. */
function send(url, method, path, body) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const sent = request(
      new URL(path, url),
      {
        method,
        agent: false,
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    sent.on('error', () => resolve(0));
    sent.setTimeout(requestTimeoutMs, () => {
      resolve(-1);
      sent.destroy();
    });
    sent.end(payload);
  });
}

async function expectOk(url, method, path, body) {
  const status = await send(url, method, path, body);
  if (status !== 200) throw new Error(`${method} ${path}: ${status}`);
}

const serverArgs = ['--port', '0', '--no-pacing', '--log-level', 'silent'];

/** Starts the target with the fixtures loaded. On Redis a single process loads them first (a load
 * resets the state, the sessions of the other processes' gateways with it), then the workers
 * start on that state, each opening its gateway's session. */
async function startTarget(target, redisUrl) {
  if (!target.redis) {
    const server = await startCommand(serverArgs, target.label);
    await expectOk(server.url, 'POST', '/control/fixtures', fixtures());
    return server;
  }
  const store = `${redisUrl}/0?prefix=scaling-${target.id}`;
  const loader = await startCommand([...serverArgs, '--store', store], 'fixtures loader');
  await expectOk(loader.url, 'POST', '/control/fixtures', fixtures());
  await stop(loader.child);
  return startCommand(
    [
      ...serverArgs,
      '--store',
      store,
      ...(target.workers > 1 ? ['--workers', String(target.workers)] : []),
    ],
    target.label,
  );
}

/** Each worker's gateway session lists the accounts (the ledger and placements need it): each
 * path asked on new connections, as many times as it takes the primary to go round twice. */
async function prepare(url, workers) {
  for (const path of ['/v1/api/portfolio/accounts', '/v1/api/iserver/accounts']) {
    for (let i = 0; i < workers * 2; i++) await expectOk(url, 'GET', path);
  }
}

/** The worker processes of a `--workers` primary (Linux: /proc). */
function workersOf(pid) {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
}

/** Clients send `GET /iserver/accounts` on new connections without pause; one worker is killed
 * with SIGKILL. Failover: from the kill to the start of the last request that failed (0: none
 * failed): every request sent after it succeeded; the replacement: from the kill until the
 * primary has forked a new worker. */
async function measureFailover({ url, primary, clients, seconds }) {
  const before = workersOf(primary.pid);
  let killedAt;
  let lastFailureAt;
  let failed = 0;
  let timedOut = 0;
  let sent = 0;
  let running = true;
  const client = async () => {
    while (running) {
      const startedAt = performance.now();
      const status = await send(url, 'GET', '/v1/api/iserver/accounts');
      if (killedAt === undefined) continue;
      sent += 1;
      if (status === 200) continue;
      failed += 1;
      if (status === -1) timedOut += 1;
      lastFailureAt = Math.max(lastFailureAt ?? 0, startedAt);
    }
  };
  const loops = Array.from({ length: clients }, client);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  killedAt = performance.now();
  process.kill(before[0], 'SIGKILL');
  let replacementMs;
  while (performance.now() - killedAt < seconds * 1000) {
    if (
      replacementMs === undefined &&
      workersOf(primary.pid).some((pid) => !before.includes(pid))
    ) {
      replacementMs = performance.now() - killedAt;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  running = false;
  await Promise.all(loops);
  return {
    failoverMs: lastFailureAt === undefined ? 0 : Math.max(0, lastFailureAt - killedAt),
    failedRequests: failed,
    timedOutRequests: timedOut,
    requestsAfterKill: sent,
    replacementForkedMs: replacementMs,
  };
}

/** Each target in turn, on a fresh brokerage: each case warmed up, then measured. */
export async function measureScaling({ redisUrl, connections, seconds, warmupSeconds, log }) {
  const summary = {};
  let failover;
  for (const target of scalingTargets) {
    const server = await startTarget(target, redisUrl);
    await prepare(server.url, target.workers);
    summary[target.id] = {};
    for (const each of scalingCases) {
      const options = { url: server.url, request: each.request, connections, verify: each.verify };
      await load({ ...options, seconds: warmupSeconds });
      const result = await load({ ...options, seconds });
      summary[target.id][each.id] = result;
      log(
        `  ${target.label.padEnd(18)} ${each.label.padEnd(34)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms${result.failed ? `  (${result.failed} failed)` : ''}`,
      );
    }
    if (target.workers === 2) {
      failover = await measureFailover({
        url: server.url,
        primary: server.child,
        clients: 4,
        seconds: 5,
      });
      log(`  failover after SIGKILL of a worker: ${JSON.stringify(failover)}`);
    }
    await stop(server.child);
  }
  return { summary, failover };
}

const fixed = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/** The table: requests per second per case and target, and the ratio to the memory store. */
export function scalingMarkdown({ environment, settings, summary, failover }) {
  const header = `| case | ${scalingTargets.map((target) => target.label).join(' | ')} |`;
  const rule = `| --- | ${scalingTargets.map(() => '---:').join(' | ')} |`;
  const rows = scalingCases.map((each) => {
    const memory = summary.memory[each.id].requestsPerSecond;
    const cells = scalingTargets.map((target) => {
      const { requestsPerSecond, p99, failed } = summary[target.id][each.id];
      const ratio = target.id === 'memory' ? '' : ` (${fixed(requestsPerSecond / memory, 2)}x)`;
      return `${fixed(requestsPerSecond)} req/s${ratio}, p99 ${p99} ms${failed ? `, ${failed} failed` : ''}`;
    });
    return `| ${each.label} | ${cells.join(' | ')} |`;
  });
  return [
    `# Scaling on Redis (${environment.date})`,
    '',
    `autocannon, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ${settings.seconds} s per case; each target on a fresh brokerage (the shipped fixtures plus 20 accounts of the gateway user); pacing off, logs silent; Redis with its append-only file (fsync every second). Node ${environment.node}, ${environment.cpus} CPUs (${environment.cpuModel}), shared with other work: **the figures are a floor**, and with 2 cores 4 workers (plus Redis and the load generator) compete for the same cores.`,
    '',
    header,
    rule,
    ...rows,
    '',
    failover
      ? `Failover (2 workers, 4 clients sending \`GET /iserver/accounts\` on new connections, one worker killed with SIGKILL): every request sent from ${fixed(failover.failoverMs)} ms after the kill on succeeded (${failover.failedRequests} of ${failover.requestsAfterKill} requests after the kill failed, ${failover.timedOutRequests} of them unanswered after ${requestTimeoutMs / 1000} s); the primary forked the replacement ${fixed(failover.replacementForkedMs)} ms after the kill.`
      : '',
    '',
  ].join('\n');
}

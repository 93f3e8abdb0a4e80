// Soak: a mixed load held for a while, sampled over time. Gateway clients read the ledger and
// the open orders (as often as the service's pacing lets their one session list them: the list
// answers the whole day, and its unpaced cost is what the growth curve measures), place resting
// and marketable orders, modify and cancel their own; a price walk
// moves AAPL through the resting limits (fills); a probe times `/health`; OAuth 1.0a clients send
// signed requests to a hosted server (each one a new nonce). Every `sampleSeconds`: answers per
// second (gateway, hosted), `/health` p99, resident memory of both servers.
import { createBrokerageClient } from '@brokerage/client';
import { oauth1 } from '@brokerage/client/oauth1';
import { testConsumerKeys } from '@brokerage/server';
import { pacingIntervals } from '@brokerage/types';
import { residentKiB, startReference, stop } from './processes.mjs';
import { percentile } from './stats.mjs';

const account = 'U1234567';
const aapl = 265598;
const start = 189.5;
const openOrdersPath = '/v1/api/iserver/account/orders';
/** The service's interval between two lists of the open orders by one session. */
const listIntervalMs = pacingIntervals()[`GET ${openOrdersPath}`] ?? 0;

/** A seeded generator (mulberry32), so that two runs send the same mix. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function call(url, method, path, body) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text };
}

const order = (price) => ({
  conid: aapl,
  orderType: 'LMT',
  side: 'BUY',
  price: Number(price.toFixed(2)),
  quantity: 1,
  tif: 'DAY',
});

/** One gateway client: a weighted mix of reads and order work on its own orders. The clients
 * share the gateway's session, so one list of the open orders per pacing interval among them. */
async function gatewayClient(url, next, counts, running, session) {
  const mine = [];
  while (running()) {
    const pick = next();
    const listDue = performance.now() - session.listedAt >= listIntervalMs;
    let answer;
    if (pick < 0.35 || (pick < 0.5 && !listDue)) {
      answer = await call(url, 'GET', `/v1/api/portfolio/${account}/ledger`);
    } else if (pick < 0.5) {
      session.listedAt = performance.now();
      answer = await call(url, 'GET', `${openOrdersPath}?accountId=${account}`);
    } else if (pick < 0.8 || mine.length === 0) {
      answer = await call(url, 'POST', `/v1/api/iserver/account/${account}/orders`, {
        orders: [order(start - 1 + next() * 1.5)],
      });
      const id = /"order_id":"(\d+)"/.exec(answer.text)?.[1];
      if (id) mine.push(id);
      // A warning to confirm: answered as a client's reply loop would.
      const reply = /"id":"([\w-]+)"/.exec(answer.text)?.[1];
      if (!id && reply) {
        counts.gateway++;
        answer = await call(url, 'POST', `/v1/api/iserver/reply/${reply}`, { confirmed: true });
        const confirmed = /"order_id":"(\d+)"/.exec(answer.text)?.[1];
        if (confirmed) mine.push(confirmed);
      }
      counts.placements++;
    } else if (pick < 0.9) {
      const id = mine[Math.floor(next() * mine.length)];
      answer = await call(
        url,
        'POST',
        `/v1/api/iserver/account/${account}/order/${id}`,
        order(start - 1 + next() * 1.5),
      );
    } else {
      const id = mine.splice(Math.floor(next() * mine.length), 1)[0];
      answer = await call(url, 'DELETE', `/v1/api/iserver/account/${account}/order/${id}`);
    }
    counts.gateway++;
    if (answer.status >= 500) counts.errors++;
  }
}

/** The price walk: AAPL a step every `everyMs`, around its start, through the resting limits. */
async function priceWalk(url, next, everyMs, running) {
  let price = start;
  while (running()) {
    price = Math.min(start + 1, Math.max(start - 1, price + (next() - 0.5) * 0.4));
    await call(url, 'PUT', `/control/prices/${aapl}`, { price: Number(price.toFixed(2)) });
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

async function healthProbe(url, latencies, everyMs, running) {
  while (running()) {
    const started = performance.now();
    await call(url, 'GET', '/health');
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** One OAuth 1.0a client of the hosted server: signed reads, each with a new nonce. */
async function hostedClient(url, counts, running) {
  const keys = testConsumerKeys.oauth1;
  const client = createBrokerageClient({
    baseUrl: url,
    auth: oauth1({
      baseUrl: url,
      consumerKey: keys.consumerKey,
      realm: keys.realm,
      signatureKey: keys.signaturePrivateKey,
      encryptionKey: keys.encryptionPrivateKey,
      dhPrime: keys.dhPrime,
    }),
    pacing: false,
    retry: false,
  });
  await client.GET('/v1/api/portfolio/accounts');
  while (running()) {
    const { response } = await client.GET('/v1/api/portfolio/{accountId}/ledger', {
      params: { path: { accountId: account } },
    });
    counts.hosted++;
    if (response.status >= 400) counts.hostedErrors++;
  }
}

/** `server`: the server entry measured (startReference's; default: this workspace's). */
export async function measureSoak({ seconds, clients, hostedClients, sampleSeconds, server, log }) {
  const [gateway, hosted] = await Promise.all([
    startReference({ validation: true, server }),
    startReference({ validation: true, mode: 'hosted', server }),
  ]);
  const counts = { gateway: 0, placements: 0, errors: 0, hosted: 0, hostedErrors: 0 };
  const latencies = [];
  const until = performance.now() + seconds * 1000;
  const running = () => performance.now() < until;
  const next = random(1);
  const session = { listedAt: -Infinity };
  try {
    await call(gateway.url, 'GET', '/v1/api/iserver/accounts');
    await call(gateway.url, 'GET', '/v1/api/portfolio/accounts');
    const work = [
      ...Array.from({ length: clients }, () =>
        gatewayClient(gateway.url, next, counts, running, session),
      ),
      ...Array.from({ length: hostedClients }, () => hostedClient(hosted.url, counts, running)),
      priceWalk(gateway.url, next, 200, running),
      healthProbe(gateway.url, latencies, 100, running),
    ];
    const points = [];
    const sampler = (async () => {
      let last = { ...counts };
      for (let at = sampleSeconds; at <= seconds; at += sampleSeconds) {
        await new Promise((resolve) => setTimeout(resolve, sampleSeconds * 1000));
        const now = { ...counts };
        const window = latencies.splice(0);
        const point = {
          seconds: at,
          gatewayPerSecond: (now.gateway - last.gateway) / sampleSeconds,
          placementsPerSecond: (now.placements - last.placements) / sampleSeconds,
          hostedPerSecond: (now.hosted - last.hosted) / sampleSeconds,
          healthP99Ms: percentile(window, 0.99),
          gatewayRssMiB: residentKiB(gateway.child.pid) / 1024,
          hostedRssMiB: residentKiB(hosted.child.pid) / 1024,
          placements: now.placements,
        };
        points.push(point);
        last = now;
        log(
          `  ${String(at).padStart(4)} s  ${point.gatewayPerSecond.toFixed(0).padStart(5)} req/s (${point.placementsPerSecond.toFixed(0)} placements/s, ${point.placements} placed)  hosted ${point.hostedPerSecond.toFixed(0)} req/s  /health p99 ${point.healthP99Ms.toFixed(1)} ms  RSS ${point.gatewayRssMiB.toFixed(0)} / ${point.hostedRssMiB.toFixed(0)} MiB`,
        );
      }
    })();
    await Promise.all([...work, sampler]);
    return { clients, hostedClients, seconds, counts, points };
  } finally {
    await Promise.all([stop(gateway.child), stop(hosted.child)]);
  }
}

// State growth: how the reference server's placement rate, open-orders latency and memory change
// as the day's order book grows. A fresh server is filled with resting limit orders up to each
// level (within a time budget per level: a level not reached is reported as reached), then
// measured there: the open orders listed, and `sample` more placements timed. The process is
// warmed up first (`sample` placements, then a reset), so that the empty book's figures are not
// its first placements.
import autocannon from 'autocannon';
import { load } from './load.mjs';
import { residentKiB, startReference, stop } from './processes.mjs';
import { median } from './stats.mjs';

const account = 'U1234567';
const ordersPath = `/v1/api/iserver/account/${account}/orders`;
/** One share of AAPL 0.3 % under its last price: rests, never fills (prices move only when told). */
const restingOrder = {
  orders: [{ conid: 265598, orderType: 'LMT', side: 'BUY', price: 189, quantity: 1, tif: 'DAY' }],
};

async function timed(url, path, times) {
  const durations = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const response = await fetch(`${url}${path}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    durations.push(performance.now() - started);
  }
  return median(durations);
}

/** Places `amount` resting orders as fast as `connections` connections allow, within `seconds`. */
async function place(url, amount, connections, seconds) {
  if (amount <= 0) return 0;
  const result = await autocannon({
    url: `${url}${ordersPath}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(restingOrder),
    connections,
    // autocannon's `amount` would override the duration: the level's time budget would not hold.
    maxOverallRequests: amount,
    duration: seconds,
  });
  return result['2xx'];
}

/** `server`: the server entry measured (startReference's; default: this workspace's). */
export async function measureGrowth({ levels, sample, connections, growSeconds, server, log }) {
  const reference = await startReference({ validation: true, server });
  const { url } = reference;
  try {
    await fetch(`${url}/v1/api/iserver/accounts`);
    // The empty book measured in a warm process, as every later level is: `sample` placements,
    // then a reset to an empty book (the gateway opens a new session: list the accounts again).
    await place(url, sample, connections, growSeconds);
    const reset = await fetch(`${url}/control/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    if (!reset.ok) throw new Error(`POST /control/reset: ${reset.status}`);
    await fetch(`${url}/v1/api/iserver/accounts`);
    let orders = 0;
    const points = [];
    for (const level of levels) {
      orders += await place(url, level - orders, connections, growSeconds);
      await fetch(`${url}${ordersPath}`); // the open orders need one call before they answer
      const allMs = await timed(url, `/v1/api/iserver/account/orders?accountId=${account}`, 5);
      const filteredMs = await timed(
        url,
        `/v1/api/iserver/account/orders?accountId=${account}&filters=filled`,
        5,
      );
      const placement = await load({
        url,
        request: { method: 'POST', path: ordersPath, body: restingOrder },
        connections,
        seconds: growSeconds,
        amount: sample,
        verify: (body) => body.includes('"order_id"'),
      });
      const point = {
        level,
        orders,
        placementsPerSecond: placement.requestsPerSecond,
        placementP99: placement.p99,
        openOrdersAllMs: allMs,
        openOrdersFilteredMs: filteredMs,
        rssMiB: residentKiB(reference.child.pid) / 1024,
      };
      orders += placement.ok;
      points.push(point);
      log(
        `  ${String(point.orders).padStart(7)} orders  ${point.placementsPerSecond.toFixed(0).padStart(5)} placements/s  open orders ${point.openOrdersAllMs.toFixed(1)} ms (all), ${point.openOrdersFilteredMs.toFixed(1)} ms (filled only)  RSS ${point.rssMiB.toFixed(0)} MiB`,
      );
    }
    return { account, points };
  } finally {
    await stop(reference.child);
  }
}

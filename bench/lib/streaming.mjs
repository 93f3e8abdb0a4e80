// The WebSocket /v1/api/ws under load: market data of one contract to N subscribers, the delay
// from a price change (a control call) to its delivery, and the server's memory per connection.
import WebSocket from 'ws';
import { residentKiB } from './processes.mjs';
import { median, percentile } from './stats.mjs';

const AAPL = 265598;

/** A socket subscribed to AAPL's last price; resolves once the first message arrived. */
function subscriber(url) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/v1/api/ws`);
    const state = { socket, received: 0, last: undefined, waiters: [] };
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.topic !== `smd+${AAPL}`) return;
      state.received++;
      if (message['31'] !== undefined) state.last = message['31'];
      if (state.received === 1) resolve(state);
      for (const waiter of state.waiters.splice(0)) waiter();
    });
    socket.once('open', () => socket.send(`smd+${AAPL}+{"fields":["31"]}`));
    socket.once('error', reject);
  });
}

/** Resolves when every subscriber's last price is `price`; answers the time it took for the
 * slowest. */
function delivered(subscribers, price) {
  return Promise.all(
    subscribers.map(
      (state) =>
        new Promise((resolve) => {
          const check = () => {
            if (state.last === price) resolve(performance.now());
            else state.waiters.push(check);
          };
          check();
        }),
    ),
  );
}

const post = (url, path, body, method = 'POST') =>
  fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((response) => response.json());

export async function measureStreaming({
  url,
  pid,
  counts,
  walkSteps,
  samples,
  memoryConnections,
  log,
}) {
  const cases = [];
  let base = 150;
  for (const count of counts) {
    await post(url, '/control/reset', {});
    const subscribers = await Promise.all(Array.from({ length: count }, () => subscriber(url)));

    // Throughput: one walk of `walkSteps` steps of AAPL, every step a price change.
    const before = subscribers.reduce((sum, state) => sum + state.received, 0);
    const started = performance.now();
    const { prices } = await post(url, '/control/prices/walk', {
      conids: [AAPL],
      steps: walkSteps,
      stepPercent: 0.5,
    });
    const final = prices[0].price.toFixed(2);
    const ends = await delivered(subscribers, final);
    const seconds = (Math.max(...ends) - started) / 1000;
    const messages = subscribers.reduce((sum, state) => sum + state.received, 0) - before;

    // Latency: a price set by the control API, until the last subscriber has it.
    const latencies = [];
    for (let sample = 0; sample < samples; sample++) {
      base += 0.01;
      const price = Number(base.toFixed(2));
      const sent = performance.now();
      const arrival = delivered(subscribers, price.toFixed(2));
      await post(url, `/control/prices/${AAPL}`, { price }, 'PUT');
      latencies.push(Math.max(...(await arrival)) - sent);
    }
    for (const state of subscribers) state.socket.close();
    const result = {
      subscribers: count,
      messages,
      messagesPerSecond: messages / seconds,
      latencyP50Ms: median(latencies),
      latencyP99Ms: percentile(latencies, 0.99),
    };
    log(
      `  ${String(count).padStart(4)} subscribers: ${result.messagesPerSecond.toFixed(0)} messages/s (${messages} in ${seconds.toFixed(2)} s), price change to delivery p50 ${result.latencyP50Ms.toFixed(2)} ms, p99 ${result.latencyP99Ms.toFixed(2)} ms`,
    );
    cases.push(result);
  }

  await post(url, '/control/reset', {});
  const rssBefore = residentKiB(pid);
  const open = await Promise.all(Array.from({ length: memoryConnections }, () => subscriber(url)));
  const rssAfter = residentKiB(pid);
  const memory = {
    connections: memoryConnections,
    kibPerConnection: (rssAfter - rssBefore) / memoryConnections,
  };
  log(
    `  memory: ${memory.kibPerConnection.toFixed(1)} KiB per connection (${memoryConnections} sockets subscribed to one contract, server RSS)`,
  );
  for (const state of open) state.socket.close();
  return { cases, memory };
}

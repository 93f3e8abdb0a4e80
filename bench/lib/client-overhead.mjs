// The typed client against raw fetch on the same local server and operation, and the cost of a
// round of the order-reply loop.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { createBrokerageClient, noAuth } from '@brokerage/client';
import { median } from './stats.mjs';

const account = 'U1234567';
const path = '/v1/api/iserver/accounts';

/** Milliseconds per call of `call`, over `calls` sequential calls. */
async function perCall(call, calls) {
  const started = performance.now();
  for (let i = 0; i < calls; i++) await call();
  return (performance.now() - started) / calls;
}

/** openapi-fetch as the client package resolves it: the typed client without our layers. */
async function openapiFetch() {
  const fromClient = createRequire(
    createRequire(import.meta.url).resolve('@brokerage/client/package.json'),
  );
  const module = await import(pathToFileURL(fromClient.resolve('openapi-fetch')).href);
  // The CommonJS build, when that is what resolves, nests the default export once more.
  return typeof module.default === 'function' ? module.default : module.default.default;
}

/** Batches of sequential calls, rotating raw fetch, the typed client and bare openapi-fetch;
 * ratio of medians. */
export async function measureClientOverhead({ url, batches, calls }) {
  const client = createBrokerageClient({
    baseUrl: url,
    auth: noAuth(),
    pacing: false,
    retry: false,
  });
  const bare = (await openapiFetch())({ baseUrl: url });
  const raw = async () => {
    const response = await fetch(`${url}${path}`);
    if (!response.ok) throw new Error(`raw fetch: ${response.status}`);
    return response.json();
  };
  const typed = async () => {
    const { data, error, response } = await client.GET(path);
    if (error !== undefined) throw new Error(`typed client: ${response.status}`);
    return data;
  };
  const untyped = async () => {
    const { data, error, response } = await bare.GET(path);
    if (error !== undefined) throw new Error(`openapi-fetch: ${response.status}`);
    return data;
  };
  const variants = { raw, typed, untyped };
  const times = { raw: [], typed: [], untyped: [] };
  for (const call of Object.values(variants)) await perCall(call, calls); // warm-up
  const order = Object.keys(variants);
  for (let batch = 0; batch < batches; batch++) {
    // Rotate which goes first, so that none always follows another.
    for (let i = 0; i < order.length; i++) {
      const name = order[(batch + i) % order.length];
      times[name].push(await perCall(variants[name], calls));
    }
  }
  const rawMs = median(times.raw);
  const typedMs = median(times.typed);
  const openapiFetchMs = median(times.untyped);
  return {
    operation: `GET ${path}`,
    calls,
    batches,
    rawMs,
    typedMs,
    openapiFetchMs,
    ratio: typedMs / rawMs,
    openapiFetchRatio: openapiFetchMs / rawMs,
  };
}

/** A SELL market order for 1001 AAPL: warnings o10151 (market order), o383 (size limit) and
 * o451 (value over 20 % of the account), one per round. */
const warnedOrder = { conid: 265598, orderType: 'MKT', side: 'SELL', quantity: 1001, tif: 'DAY' };
const quietOrder = {
  conid: 265598,
  orderType: 'LMT',
  side: 'BUY',
  price: 189,
  quantity: 1,
  tif: 'DAY',
};

/** `placeOrder` through k warning rounds, against one placement answered at once. */
export async function measureReplyLoop({ url, repetitions }) {
  const client = createBrokerageClient({
    baseUrl: url,
    auth: noAuth(),
    pacing: false,
    retry: false,
  });
  const reset = async () => {
    const response = await fetch(`${url}/control/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    if (!response.ok) throw new Error(`reset: ${response.status}`);
    await client.GET('/v1/api/iserver/accounts');
  };
  let rounds = 0;
  const confirmAll = () => {
    rounds++;
    return true;
  };
  const place = async (order) => {
    const entries = await client.placeOrder(account, order, { answer: confirmAll });
    if (entries.length === 0) throw new Error('no success entry');
  };
  await reset();
  await place(warnedOrder); // warm-up: compiles the reply route's validators
  await place(quietOrder);
  const warnedTimes = [];
  const quietTimes = [];
  let k = 0;
  for (let i = 0; i < repetitions; i++) {
    await reset();
    rounds = 0;
    let started = performance.now();
    await place(warnedOrder);
    warnedTimes.push(performance.now() - started);
    k = rounds;
    started = performance.now();
    await place(quietOrder);
    quietTimes.push(performance.now() - started);
  }
  const warnedMs = median(warnedTimes);
  const quietMs = median(quietTimes);
  return {
    rounds: k,
    placeWithWarningsMs: warnedMs,
    placeWithoutWarningMs: quietMs,
    perRoundMs: warnedMs / k,
    marginalPerRoundMs: (warnedMs - quietMs) / k,
  };
}

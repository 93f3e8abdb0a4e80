// How long a replayed day takes in process: 390 one-minute bars of the example CSV on one
// contract, a manual clock moved a minute at a time, and a strategy placing 100 limit orders
// (one every few bars, alternately a buy below and a sell above the last price) through the
// typed client over HTTP on loopback. Run after a build: `node bench/market-replay.mjs`. It also
// draws results/market-replay.svg: the first run's day, its bars and fills as the sandbox answers
// them (history and trades through the typed client, outside the timed part).
import { readFileSync, writeFileSync } from 'node:fs';
import { createBrokerageClient } from '@brokerage/client';
import { createServer, ManualClock } from '@brokerage/server';
import { priceChart } from './lib/chart.mjs';

const AAPL = 265598;
const accountId = 'U1234567';
const csv = readFileSync(
  new URL('../docs/examples/market-replay-day.csv', import.meta.url),
  'utf8',
);
const orders = 100;
const bars = 390;

/** The day as the sandbox answers it through the typed client, after the timed part: the
 * replayed bars (the history answer) and the fills (the trades answer). */
async function dayAsAnswered(client) {
  const history = await client.GET('/v1/api/iserver/marketdata/history', {
    params: { query: { conid: String(AAPL), period: '1d', bar: '1min' } },
  });
  const trades = await client.GET('/v1/api/iserver/account/trades', {
    params: { query: { days: 1 } },
  });
  if (!history.data || !trades.data) throw new Error('history or trades not answered');
  return {
    bars: history.data.data.map((bar) => ({ time: bar.t, high: bar.h, low: bar.l, close: bar.c })),
    fills: trades.data.map((trade) => ({
      time: trade.trade_time_r,
      price: Number(trade.price),
      side: trade.side,
    })),
  };
}

async function replayDay() {
  const clock = new ManualClock(Date.parse('2026-01-06T13:00:00Z'));
  const server = createServer({ clock, pacing: false, sessionTimeoutMs: 86_400_000 });
  const listener = await new Promise((resolve) => {
    const started = server.app.listen(0, '127.0.0.1', () => resolve(started));
  });
  const baseUrl = `http://127.0.0.1:${listener.address().port}`;
  const client = createBrokerageClient({ baseUrl, pacing: false, retry: false });
  const started = performance.now();
  server.controls.replayMarket(AAPL, { csv });
  clock.set(Date.parse('2026-01-06T14:31:00Z'));
  await client.GET('/v1/api/iserver/accounts');
  let placed = 0;
  for (let bar = 1; bar < bars; bar++) {
    if (placed < orders && bar % 3 === 0) {
      const last = server.brokerage.market.price(AAPL);
      const buy = placed % 2 === 0;
      const price = Math.round(last * (buy ? 0.998 : 1.002) * 100) / 100;
      const { response } = await client.POST('/v1/api/iserver/account/{accountId}/orders', {
        params: { path: { accountId } },
        body: {
          orders: [
            {
              conid: AAPL,
              orderType: 'LMT',
              side: buy ? 'BUY' : 'SELL',
              tif: 'DAY',
              quantity: 1,
              price,
            },
          ],
        },
      });
      if (!response.ok) throw new Error(`order ${placed}: ${response.status}`);
      placed++;
    }
    clock.advance(60_000);
  }
  const elapsed = performance.now() - started;
  const filled = server.brokerage.store
    .collection('orders')
    .values()
    .filter((order) => order.status === 'Filled').length;
  const day = await dayAsAnswered(client);
  listener.closeAllConnections();
  await new Promise((resolve) => listener.close(resolve));
  server.streaming.close();
  return { elapsed, placed, filled, day };
}

const runs = [];
for (let run = 0; run < 5; run++) runs.push(await replayDay());
const times = runs.map((run) => run.elapsed).sort((a, b) => a - b);
console.log(
  JSON.stringify({
    bars,
    orders: runs[0].placed,
    filled: runs[0].filled,
    medianMs: Math.round(times[2]),
    bestMs: Math.round(times[0]),
    worstMs: Math.round(times[4]),
    goalMs: 2000,
  }),
);
const { day } = runs[0];
writeFileSync(
  new URL('results/market-replay.svg', import.meta.url),
  priceChart({
    title: 'A replayed day (the example CSV) and the strategy’s fills',
    subtitle: `${day.bars.length} one-minute bars from the history answer; ${day.fills.length} fills of ${runs[0].placed} limit orders from the trades answer`,
    bars: day.bars,
    fills: day.fills,
    timeZone: 'America/New_York',
  }),
);

// The market replay as users set it: the control API's routes and `createServer({ marketReplays })`.
// The replay's timers are per process, so these servers keep their state in memory on every run.
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { maxMarketDataBytes } from '../../src/domain/market/replay/market-data-stream.js';
import { createServer, ManualClock } from '../../src/index.js';
import { MemoryStore } from '../../src/store/memory.js';
import { startServer, type Harness } from '../harness.js';
import { AAPL } from '../trading-helpers.js';

const minuteMs = 60_000;
/** Three one-minute bars of the harness clock's next day (it starts on 2026-01-05, 10:00 in New
 * York), local times of AAPL's exchange. */
const bars = [
  '2026-01-06 09:30,100,101,99.5,100.5,400',
  '2026-01-06 09:31,100.5,100.8,100.1,100.2,800',
  '2026-01-06 09:32,100.2,100.4,99.8,100.3,1200',
];
const csv = ['time,open,high,low,close,volume', ...bars].join('\n');
const firstBar = Date.parse('2026-01-06T14:30:00Z');

const replayed = (replayedBars: number) => ({
  conid: AAPL,
  bars: 3,
  barMs: minuteMs,
  from: firstBar,
  to: firstBar + 3 * minuteMs,
  replayed: replayedBars,
});

describe('market replay', () => {
  let server: Harness;
  afterEach(() => server.close());

  describe('control API', () => {
    beforeEach(async () => {
      server = await startServer({ store: new MemoryStore() });
    });

    it('PUT starts a replay: the price follows the bars on the clock', async () => {
      const started = await server.call('PUT', `/control/market/replays/${AAPL}`, {
        body: { csv },
      });
      expect(started.status).toBe(200);
      expect(started.body).toEqual(replayed(0));
      server.clock.set(firstBar + 2 * minuteMs);
      // Two bars are over: the price is the second bar's close.
      expect(server.brokerage.market.price(AAPL)).toBe(100.2);
      expect(server.controls.marketReplays()).toEqual([replayed(2)]);
    });

    it('PUT takes bars as values and moves them to another day', async () => {
      const started = await server.call('PUT', `/control/market/replays/${AAPL}`, {
        body: { bars: [{ t: firstBar, o: 10, h: 11, l: 9, c: 10.5 }], day: '2026-01-07' },
      });
      expect(started.status).toBe(200);
      expect(started.body).toMatchObject({ from: firstBar + 24 * 60 * minuteMs, bars: 1 });
    });

    it('PUT answers 400 naming the row of bad data, and 404 for an unknown contract', async () => {
      const bad = await server.call('PUT', `/control/market/replays/${AAPL}`, {
        body: { csv: csv.replace('100.8,100.1', '100.1,100.8') },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('row 3: high 100.1 is below low 100.8');
      const unknown = await server.call('PUT', '/control/market/replays/999999999', {
        body: { csv },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('Contract 999999999 does not exist');
      expect(server.controls.marketReplays()).toEqual([]);
    });

    it('PUT takes the CSV itself as text/csv, read as it arrives, with day in the query', async () => {
      const started = await server.call('PUT', `/control/market/replays/${AAPL}?day=2026-01-07`, {
        headers: { 'content-type': 'text/csv' },
        body: csv,
      });
      expect(started.status).toBe(200);
      expect(started.body).toEqual({
        ...replayed(0),
        from: firstBar + 24 * 60 * minuteMs,
        to: firstBar + (24 * 60 + 3) * minuteMs,
      });
      const bad = await server.call('PUT', `/control/market/replays/${AAPL}`, {
        headers: { 'content-type': 'text/csv' },
        body: csv.replace('100.8,100.1', '100.1,100.8'),
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'row 3: high 100.1 is below low 100.8', statusCode: 400 });
      const badDay = await server.call('PUT', `/control/market/replays/${AAPL}?day=tomorrow`, {
        headers: { 'content-type': 'text/csv' },
        body: csv,
      });
      expect(badDay.status).toBe(400);
      const unknown = await server.call('PUT', '/control/market/replays/999999999', {
        headers: { 'content-type': 'text/csv' },
        body: csv,
      });
      expect(unknown.status).toBe(404);
    });

    it('PUT refuses an endless text/csv upload with 413 past 64 MiB, reads no more, and closes', async () => {
      // An upstream that would send 1 GB: comment lines (cheap to skip), without end.
      const url = new URL(`${server.baseUrl}/control/market/replays/${AAPL}`);
      const line = `# ${'z'.repeat(1000)}\n`;
      let sent = 0;
      const body = new Readable({
        read() {
          if (sent > 1024 * 1024 * 1024) {
            this.push(null);
            return;
          }
          const piece = sent === 0 ? 'time,open,high,low,close\n' : line.repeat(64);
          sent += piece.length;
          this.push(piece);
        },
      });
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(
          url,
          {
            method: 'PUT',
            headers: { 'content-type': 'text/csv', 'transfer-encoding': 'chunked' },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
            response.on('error', reject);
          },
        );
        // The server closes the connection after its answer: writing then fails, as it should.
        request.on('error', () => undefined);
        body.pipe(request);
      });
      body.destroy();
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        error:
          'The market data is larger than 64 MiB, the most a replay reads: send fewer bars (a CSV of one-minute bars holds about two years in that)',
        statusCode: 413,
      });
      // What was sent past 64 MiB is at most what the sockets' buffers held.
      expect(sent).toBeLessThan(maxMarketDataBytes + 16 * 1024 * 1024);
      expect(server.controls.marketReplays()).toEqual([]);
    });

    it('PUT refuses a JSON body past 10 MB with 413', async () => {
      const tooBig = await server.call('PUT', `/control/market/replays/${AAPL}`, {
        body: { csv: `${csv}\n${'#'.repeat(11 * 1024 * 1024)}` },
      });
      expect(tooBig.status).toBe(413);
      expect(tooBig.body).toEqual({
        error: 'The body is larger than 10 MB, the most a control request takes',
        statusCode: 413,
      });
    });

    it('DELETE ends a replay, leaving the price where it was; a second one answers 404', async () => {
      await server.call('PUT', `/control/market/replays/${AAPL}`, { body: { csv } });
      server.clock.set(firstBar + minuteMs);
      const stopped = await server.call('DELETE', `/control/market/replays/${AAPL}`);
      expect(stopped.status).toBe(204);
      server.clock.set(firstBar + 3 * minuteMs);
      expect(server.brokerage.market.price(AAPL)).toBe(100.5);
      const again = await server.call('DELETE', `/control/market/replays/${AAPL}`);
      expect(again.status).toBe(404);
      expect(again.body.error).toBe(`Contract ${AAPL} is not replayed`);
    });

    it('a reset ends the replays set through the control API', async () => {
      await server.call('PUT', `/control/market/replays/${AAPL}`, { body: { csv } });
      await server.call('POST', '/control/reset');
      expect(server.controls.marketReplays()).toEqual([]);
    });
  });

  describe('createServer({ marketReplays })', () => {
    it('replays from the start, and after a reset from the bars still to come', async () => {
      server = await startServer({
        store: new MemoryStore(),
        marketReplays: [{ conid: AAPL, source: { csv } }],
      });
      expect(server.controls.marketReplays()).toEqual([replayed(0)]);
      server.clock.set(firstBar + minuteMs);
      expect(server.brokerage.market.price(AAPL)).toBe(100.5);
      await server.call('POST', '/control/reset');
      // The first bar is past: the replay goes on with the second.
      expect(server.controls.marketReplays()).toEqual([replayed(1)]);
      server.clock.set(firstBar + 3 * minuteMs);
      expect(server.brokerage.market.price(AAPL)).toBe(100.3);
    });
  });
});

describe('createServer({ marketReplays }) with bad data', () => {
  it('refuses it when the server is made, naming the row', () => {
    const badCsv = `${csv}\n2026-01-06 09:33,x,1,1,1,1`;
    expect(() =>
      createServer({
        clock: new ManualClock(),
        marketReplays: [{ conid: AAPL, source: { csv: badCsv } }],
      }),
    ).toThrow('row 5: open "x" is not a number');
  });
});

// Market replay from a recording: the history answers of a HAR (written here by the test) read
// into bars, replayed, and shown again by the history of the replayed contract. No HTTP.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Entry } from 'har-format';
import { readMarketDataFile } from '../../src/compose/market-data-file.js';
import { createHarWriter } from '../../src/recording/har-writer.js';
import { AAPL } from '../trading-helpers.js';
import { domain, withoutOptions } from '../domain/services.js';

const MSFT = 272093;
const minuteMs = 60_000;
const opening = Date.parse('2026-01-06T14:30:00Z');

/** A one-minute bar `minutes` after the opening. */
const bar = (minutes: number, close: number) => ({
  t: opening + minutes * minuteMs,
  o: 100,
  h: Math.max(100, close) + 0.1,
  l: Math.min(100, close) - 0.1,
  c: close,
  v: 100 * (minutes + 1),
});

/** A recorded exchange: GET `path` answered `status` with `body`. */
function entry(path: string, status: number, body: unknown): Entry {
  return {
    startedDateTime: new Date(opening).toISOString(),
    time: 1,
    request: {
      method: 'GET',
      url: `https://localhost:5000/v1/api${path}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      queryString: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: { size: 0, mimeType: 'application/json', text: JSON.stringify(body) },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  };
}

function recording(...entries: Entry[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'market-har-')), 'session.har');
  const writer = createHarWriter(file, 'test');
  for (const each of entries) writer.append(each);
  writer.close();
  return file;
}

const iserverHistory = `/iserver/marketdata/history?conid=${AAPL}&period=1d&bar=1min`;

describe('market data from a recording', () => {
  it('merges the history answers of the contract, later bars replacing earlier ones, and replays them', async () => {
    const file = recording(
      entry(iserverHistory, 200, { data: [bar(0, 100.5), bar(1, 100.2)], barLength: 60 }),
      // Another contract's answer, a failed answer and a coarser one are left out.
      entry(`/hmds/history?conid=${MSFT}&period=1d&bar=1min`, 200, { data: [bar(0, 1)] }),
      entry(iserverHistory, 500, { error: 'internal error' }),
      entry(`/hmds/history?conid=${AAPL}&period=1d&bar=5min`, 200, {
        data: [bar(0, 99)],
        barLength: 300,
      }),
      // A client polling: the second bar again (now final) and a third.
      entry(`/hmds/history?conid=${AAPL}&period=1d&bar=1min`, 200, {
        data: [bar(1, 100.3), bar(2, 100.4)],
        barLength: 60,
      }),
    );
    const expected = [bar(0, 100.5), bar(1, 100.3), bar(2, 100.4)];
    const source = await readMarketDataFile(file, AAPL);
    expect(source).toEqual({ history: { data: expected, barLength: 60 } });

    const { services, clock } = domain(withoutOptions, opening - minuteMs);
    services.replays.start(AAPL, source);
    clock.set(opening + 3 * minuteMs);
    const { history } = services.marketData.history({ conid: AAPL, period: '1d', bar: '1min' });
    expect(history.bars.slice(-3)).toEqual(expected);
  });

  it('names the entry of a bad answer, and says when the contract has none', async () => {
    const file = recording(
      entry(iserverHistory, 200, { data: [bar(0, 100)] }),
      entry(iserverHistory, 200, { data: [{ ...bar(1, 100), o: 'x' }] }),
    );
    await expect(readMarketDataFile(file, AAPL)).rejects.toThrow(
      `${file}: entry 1: data[0]: o "x" is not a number`,
    );
    await expect(readMarketDataFile(file, MSFT)).rejects.toThrow(
      `${file}: no history answer of contract ${MSFT} with bars`,
    );
  });
});

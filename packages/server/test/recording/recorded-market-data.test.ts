// Market replay from a recording: the history answers of a HAR (written here by the test) read
// into bars as the recording arrives, replayed, and shown again by the history of the replayed
// contract. No HTTP.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Entry } from 'har-format';
import { readMarketDataFile } from '../../src/compose/market-data-file.js';
import { DomainError } from '../../src/domain/kernel/errors.js';
import { marketDataLimits } from '../../src/domain/market/replay/market-data-stream.js';
import { createHarWriter } from '../../src/recording/har-writer.js';
import { readRecordedMarketData } from '../../src/recording/recorded-market-data.js';
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

describe('a recording read as it arrives', () => {
  it('keeps only the finest answers: a finer one coming later drops the coarser bars', async () => {
    const file = recording(
      entry(`/hmds/history?conid=${AAPL}&period=1d&bar=5min`, 200, {
        data: [bar(0, 99), bar(5, 98)],
        barLength: 300,
      }),
      entry(iserverHistory, 200, { data: [bar(0, 100.5), bar(1, 100.2)], barLength: 60 }),
    );
    expect(await readMarketDataFile(file, AAPL)).toEqual({
      history: { data: [bar(0, 100.5), bar(1, 100.2)], barLength: 60 },
    });
  });

  it('stops an endless recording at the most bars a replay holds, naming the entry', async () => {
    const head = '{"log":{"version":"1.2","creator":{"name":"test","version":"1"},"entries":[\n';
    let pieces = 0;
    async function* endless() {
      yield head;
      for (let n = 0; ; n++) {
        pieces += 1;
        const bars = [0, 1, 2, 3].map((minute) => bar(n * 4 + minute, 100));
        yield `${n === 0 ? '' : ',\n'}${JSON.stringify(entry(iserverHistory, 200, { data: bars }))}`;
      }
    }
    const error = await readRecordedMarketData(endless(), AAPL, 'endless.har', {
      ...marketDataLimits,
      maxBars: 100,
    }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toBe(
      "entry 25: the recording's history answers have more than 100 bars, the most a replay holds",
    );
    expect(pieces).toBe(26);
  });

  it('refuses a recording cut short, naming the whole entries, and a bad entry, naming it', async () => {
    const file = recording(
      entry(iserverHistory, 200, { data: [bar(0, 100)] }),
      entry(iserverHistory, 200, { data: [bar(1, 100)] }),
    );
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.slice(0, text.lastIndexOf('"response"')));
    await expect(readMarketDataFile(file, AAPL)).rejects.toThrow(
      `${file}: cut short after 1 whole entry: entry 1 is not whole`,
    );
    const relative = recording(entry(iserverHistory, 200, { data: [bar(0, 100)] }));
    writeFileSync(
      relative,
      readFileSync(relative, 'utf8').replace('https://localhost:5000/v1/api', '/v1/api'),
    );
    await expect(readMarketDataFile(relative, AAPL)).rejects.toThrow(
      `${relative}: entry 0 has a request URL that is not absolute`,
    );
    const notHar = join(mkdtempSync(join(tmpdir(), 'market-har-')), 'other.har');
    writeFileSync(notHar, '{"data":[]}');
    await expect(readMarketDataFile(notHar, AAPL)).rejects.toThrow(
      `${notHar}: not a HAR file (no log.entries)`,
    );
  });
});

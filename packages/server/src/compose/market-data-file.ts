import { createReadStream } from 'node:fs';
import { badRequest, DomainError } from '../domain/kernel/errors.js';
import { instrumentsOf } from '../domain/market/market.js';
import type { MarketDataSource } from '../domain/market/replay/market-data-source.js';
import { defaultFixtures } from '../fixtures/index.js';
import { readRecordedMarketData } from '../recording/recorded-market-data.js';
import {
  marketDataLimits,
  readCsvBars,
  readHistoryAnswerBars,
  type MarketDataLimits,
} from '../domain/market/replay/market-data-stream.js';

/** A domain error with the file it is about before its message. */
function namingSource(error: unknown, file: string): unknown {
  return error instanceof DomainError
    ? new DomainError(error.kind, `${file}: ${error.message}`, error.retryAfterSeconds)
    : error;
}

/** The exchange of a contract of the shipped fixtures' catalogue, whose days (and local times)
 * a CSV's bars are read on. */
function fixtureExchangeOf(conid: number): string {
  const listed = instrumentsOf(defaultFixtures.instruments).find(
    ({ instrument }) => instrument.conid === conid,
  );
  if (!listed)
    throw badRequest(
      `Contract ${conid} is not listed in the shipped fixtures: give the exchange its bars are read for`,
    );
  return listed.instrument.exchange;
}

/** Market data to replay on `conid`, read from a file as it arrives (a pipe too: `<(curl ...)`),
 * a piece at a time: a CSV of bars (any name but these two) or a saved history answer of the
 * service (`.json`), each bar checked as it is read for the exchange of `conid` (in the shipped
 * fixtures, or `exchange`); or a HAR recording (`.har`: the history answers recorded for
 * `conid`), an entry at a time. Past `limits` (64 MiB, a million bars) the read stops with a 413;
 * bad data fails with a 400 naming the file and the row (or bar, or entry). */
export async function readMarketDataFile(
  file: string,
  conid: number,
  options: { exchange?: string; limits?: MarketDataLimits } = {},
): Promise<MarketDataSource> {
  const name = file.toLowerCase();
  const limits = options.limits ?? marketDataLimits;
  const stream = createReadStream(file, { highWaterMark: 64 * 1024 });
  try {
    if (name.endsWith('.har')) return await readRecordedMarketData(stream, conid, file, limits);
    const exchange = options.exchange ?? fixtureExchangeOf(conid);
    return {
      read: await (name.endsWith('.json') ? readHistoryAnswerBars : readCsvBars)(
        stream,
        exchange,
        limits,
      ),
    };
  } catch (error) {
    throw namingSource(
      (error as { code?: string }).code === undefined
        ? error
        : badRequest(`cannot be read (${(error as { code: string }).code})`),
      file,
    );
  } finally {
    stream.destroy();
  }
}

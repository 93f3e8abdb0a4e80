// Market data to replay, read as it arrives (a file, a pipe, an upload): each piece is parsed and
// its bars checked and kept in columns before the next is read, so only the line (or JSON value)
// being read and the bars are held, never the whole text. A source past `maxBytes` (or `maxBars`) is refused
// with 413 as soon as it passes, and the rest is never read; the event loop runs other work at
// least once a MiB. Browser-safe: pieces are any async iterable of bytes or text.
import { JSONParser } from '@streamparser/json';
import { badRequest, tooLarge } from '../../kernel/errors.js';
import { hoursOf } from '../exchange-hours.js';
import { maxReplayBars } from './bar-columns.js';
import { CsvBarReader } from './csv-bars.js';
import type { ReadBars } from './market-data-source.js';
import { BarChecker, sourceBarOf, type ReplayBars } from './replay-bars.js';

/** Lets the event loop run other work (timers, I/O, requests) before going on. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The most bytes of one market-replay source read (64 MiB: about two years of one-minute bars
 * as CSV). */
export const maxMarketDataBytes = 64 * 1024 * 1024;

export interface MarketDataLimits {
  maxBytes: number;
  maxBars: number;
}

export const marketDataLimits: MarketDataLimits = {
  maxBytes: maxMarketDataBytes,
  maxBars: maxReplayBars,
};

/** Bytes read between two turns of the event loop given to other work. */
const turnBytes = 1024 * 1024;

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 100) / 100} MiB`;

/** The text of `pieces`, decoded as UTF-8 a piece at a time; past `maxBytes` it fails (413). */
export async function* textOf(
  pieces: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let bytes = 0;
  let sinceTurn = 0;
  for await (const piece of pieces) {
    const chunk = typeof piece === 'string' ? new TextEncoder().encode(piece) : piece;
    bytes += chunk.length;
    if (bytes > maxBytes)
      throw tooLarge(
        `The market data is larger than ${mib(maxBytes)}, the most a replay reads: send fewer bars (a CSV of one-minute bars holds about two years in that)`,
      );
    yield decoder.decode(chunk, { stream: true });
    sinceTurn += chunk.length;
    if (sinceTurn >= turnBytes) {
      sinceTurn = 0;
      await nextTurn();
    }
  }
  const last = decoder.decode();
  if (last !== '') yield last;
}

/** A JSON text arriving in `pieces`, parsed as it arrives (`@streamparser/json`): each value at
 * one of `paths` (`$.data.*`) is handed to `onValue` with its key as soon as it is complete, then
 * dropped, so that only the value being read is held. A text that is not JSON, or is cut short,
 * fails with `notJson` (its reason); past `maxBytes`, with a 413. */
export async function readJsonValues(
  pieces: AsyncIterable<Uint8Array | string>,
  paths: string[],
  maxBytes: number,
  onValue: (value: unknown, key: string | number | undefined) => void,
  notJson: (reason: string, atEnd: boolean) => Error,
): Promise<void> {
  const parser = new JSONParser({ paths, keepStack: false });
  // What `onValue` throws (a bad bar, too many) goes through as it is; every other error is the
  // parser's, saying why the text is not JSON.
  let refused: { error: unknown } | undefined;
  parser.onValue = ({ value, key }) => {
    try {
      onValue(value, key);
    } catch (error) {
      refused = { error };
      throw error;
    }
  };
  const failure = (error: unknown, atEnd: boolean) =>
    refused?.error ?? notJson(error instanceof Error ? error.message : String(error), atEnd);
  for await (const text of textOf(pieces, maxBytes)) {
    // The parser ends with the top-level value: anything but blanks after it is not JSON.
    if (parser.isEnded) {
      if (text.trim() === '') continue;
      throw notJson(
        `text after the JSON value: ${JSON.stringify(text.trim().slice(0, 20))}`,
        false,
      );
    }
    try {
      parser.write(text);
    } catch (error) {
      throw failure(error, false);
    }
  }
  if (parser.isEnded) return;
  try {
    parser.end();
  } catch (error) {
    throw failure(error, true);
  }
}

/** The bars of a history answer of the service saved as JSON (`/iserver/marketdata/history` or
 * `/hmds/history`: `data`, a list of `{t, o, h, l, c, v}` with `t` in epoch milliseconds, and
 * `barLength` in seconds when stated), arriving in `pieces`: each bar is checked and kept as it is
 * parsed (`BarChecker`), for replay on `exchange`'s days. Bad data fails with a 400 naming the
 * bar (`data[7]`); too much with a 413. */
export async function readHistoryAnswerBars(
  pieces: AsyncIterable<Uint8Array | string>,
  exchange: string,
  limits: MarketDataLimits = marketDataLimits,
): Promise<ReadBars> {
  const checker = new BarChecker((index) => `data[${index}]`, limits.maxBars);
  let barLength: unknown;
  await readJsonValues(
    pieces,
    ['$.data.*', '$.barLength'],
    limits.maxBytes,
    (value, key) => {
      if (key === 'barLength') barLength = value;
      else if (typeof key === 'number') checker.add(sourceBarOf(`data[${key}]`, value), key);
    },
    (reason) => badRequest(`not JSON: ${reason}`),
  );
  if (checker.length === 0)
    throw badRequest('The history answer has no data: a list of bars {t, o, h, l, c, v}');
  const seconds = typeof barLength === 'number' && barLength > 0 ? barLength : undefined;
  return { exchange, replay: await finished(checker, exchange, seconds && seconds * 1000) };
}

/** The checker's bars once checked for gaps, letting other work run between slices. */
async function finished(
  checker: BarChecker,
  exchange: string,
  widthMs?: number,
): Promise<ReplayBars> {
  const finishing = checker.finish(exchange, widthMs);
  for (;;) {
    const step = finishing.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}

/** The bars of a CSV arriving in `pieces`, read and checked for replay on `exchange`'s days
 * (local times are its own) as they arrive. Bad data fails with a 400 naming the row; too much
 * with a 413. */
export async function readCsvBars(
  pieces: AsyncIterable<Uint8Array | string>,
  exchange: string,
  limits: MarketDataLimits = marketDataLimits,
): Promise<ReadBars> {
  const checker = new BarChecker((row) => `row ${row}`, limits.maxBars);
  const reader = new CsvBarReader(hoursOf(exchange).timeZone, (bar, row) => checker.add(bar, row));
  for await (const text of textOf(pieces, limits.maxBytes)) reader.push(text);
  reader.end();
  return { exchange, replay: await finished(checker, exchange) };
}

// Market data to replay, read as it arrives (a file, a pipe, an upload): each piece is parsed and
// its bars checked and kept in columns before the next is read, so only the line being read and
// the bars are held, never the whole text. A source past `maxBytes` (or `maxBars`) is refused
// with 413 as soon as it passes, and the rest is never read; the event loop runs other work at
// least once a MiB. Browser-safe: pieces are any async iterable of bytes or text.
import { tooLarge } from '../../kernel/errors.js';
import { hoursOf } from '../exchange-hours.js';
import { maxReplayBars } from './bar-columns.js';
import { CsvBarReader } from './csv-bars.js';
import type { ReadBars } from './market-data-source.js';
import { BarChecker, type ReplayBars } from './replay-bars.js';

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

/** The whole text of `pieces`, up to `maxBytes` (a JSON answer or a recording, parsed whole). */
export async function wholeTextOf(
  pieces: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
): Promise<string> {
  const parts: string[] = [];
  for await (const text of textOf(pieces, maxBytes)) parts.push(text);
  return parts.join('');
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
  const finishing = checker.finish(exchange);
  let replay: ReplayBars | undefined;
  while (replay === undefined) {
    const step = finishing.next();
    if (step.done) replay = step.value;
    else await nextTurn();
  }
  return { exchange, replay };
}

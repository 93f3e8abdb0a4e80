import { badRequest } from '../../kernel/errors.js';
import { hoursOf } from '../exchange-hours.js';
import type { Instrument } from '../model.js';
import { barsFromHistoryAnswer } from './history-answer-bars.js';
import { CsvBarReader } from './csv-bars.js';
import {
  BarChecker,
  checkedBars,
  onDay,
  sourceBarOf,
  type ReplayBars,
  type SourceBar,
} from './replay-bars.js';

/** Bars already read and checked for an exchange's days, as they arrived
 * (`market-data-stream.ts`: a CSV or a saved history answer, from a file or an upload, read a
 * piece at a time). */
export interface ReadBars {
  exchange: string;
  replay: ReplayBars;
}

/** Market data to replay on one contract: a CSV text of bars, a saved history answer of the
 * service, bars as values, or bars already read (exactly one of them, as the control API's
 * `MarketReplayRequest` says; the first given is read); `day` (`YYYY-MM-DD`) moves them by whole
 * days to that local date. */
export interface MarketDataSource {
  csv?: string;
  history?: unknown;
  bars?: readonly { t: number; o: number; h: number; l: number; c: number; v?: number }[];
  read?: ReadBars;
  day?: string;
}

/** Checks bars given one at a time (`add(bar, place)`), each named by `placeName` in errors. */
function checked(
  exchange: string,
  placeName: (place: number) => string,
  read: (add: (bar: SourceBar, place: number) => void) => number | undefined,
): ReplayBars {
  const checker = new BarChecker(placeName);
  const widthMs = read((bar, place) => checker.add(bar, place));
  return checkedBars(checker.finish(exchange, widthMs));
}

/** The bars of `source`, read and checked for replay on `instrument`'s exchange; bad data fails
 * with a 400 naming the row, too many bars with a 413. */
export function replayBarsOf(source: MarketDataSource, instrument: Instrument): ReplayBars {
  const { exchange } = instrument;
  let replay: ReplayBars;
  if ('csv' in source && typeof source.csv === 'string') {
    const { csv } = source;
    replay = checked(
      exchange,
      (row) => `row ${row}`,
      (add) => {
        const reader = new CsvBarReader(hoursOf(exchange).timeZone, add);
        reader.push(csv);
        reader.end();
        return undefined;
      },
    );
  } else if ('history' in source) {
    const { bars, widthMs } = barsFromHistoryAnswer(source.history);
    replay = checked(
      exchange,
      (index) => `data[${index}]`,
      (add) => {
        bars.forEach(add);
        return widthMs;
      },
    );
  } else if ('bars' in source && Array.isArray(source.bars)) {
    const { bars } = source;
    replay = checked(
      exchange,
      (index) => `bars[${index}]`,
      (add) => {
        bars.forEach((bar, index) => add(sourceBarOf(`bars[${index}]`, bar), index));
        return undefined;
      },
    );
  } else if (source.read !== undefined) {
    if (source.read.exchange !== exchange)
      throw badRequest(
        `The bars were read for ${source.read.exchange}'s days, the contract trades on ${exchange}`,
      );
    replay = source.read.replay;
  } else {
    throw badRequest('Give the market data as csv, history or bars');
  }
  return source.day === undefined ? replay : onDay(replay, exchange, source.day);
}

import { badRequest } from '../../kernel/errors.js';
import { hoursOf } from '../exchange-hours.js';
import type { Instrument } from '../model.js';
import { barsFromCsv } from './csv-bars.js';
import { barsFromHistoryAnswer } from './history-answer-bars.js';
import { checkBars, onDay, sourceBarOf, type ReplayBars, type SourceBar } from './replay-bars.js';

/** Market data to replay on one contract: a CSV text of bars, a saved history answer of the
 * service, or bars as values (exactly one of them, as the control API's `MarketReplayRequest`
 * says; the first given is read); `day` (`YYYY-MM-DD`) moves them by whole days to that local
 * date. */
export interface MarketDataSource {
  csv?: string;
  history?: unknown;
  bars?: readonly { t: number; o: number; h: number; l: number; c: number; v?: number }[];
  day?: string;
}

/** The bars of `source`, read and checked for replay on `instrument`'s exchange; bad data fails
 * with a 400 naming the row. */
export function replayBarsOf(source: MarketDataSource, instrument: Instrument): ReplayBars {
  const { exchange } = instrument;
  let read: { bars: SourceBar[]; widthMs: number | undefined };
  if ('csv' in source && typeof source.csv === 'string') {
    read = { bars: barsFromCsv(source.csv, hoursOf(exchange).timeZone), widthMs: undefined };
  } else if ('history' in source) {
    read = barsFromHistoryAnswer(source.history);
  } else if ('bars' in source && Array.isArray(source.bars)) {
    read = {
      bars: source.bars.map((bar, index) => sourceBarOf(`bars[${index}]`, bar)),
      widthMs: undefined,
    };
  } else {
    throw badRequest('Give the market data as csv, history or bars');
  }
  const checked = checkBars(read.bars, exchange, read.widthMs);
  return source.day === undefined ? checked : onDay(checked, exchange, source.day);
}

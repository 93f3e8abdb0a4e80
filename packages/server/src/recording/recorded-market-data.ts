// The market data a recording holds: its history answers, read into bars for the market replay.
import { barsFromHistoryAnswer } from '../domain/market/replay/history-answer-bars.js';
import type { MarketDataSource } from '../domain/market/replay/market-data-source.js';
import { widthOf, type SourceBar } from '../domain/market/replay/replay-bars.js';
import type { RecordedEntry } from './har-entry.js';
import { RecordingError, responseBytes } from './read-recording.js';

const historyOperations = new Set(['getMarketDataHistory', 'getHmdsHistory']);

interface Answer {
  bars: SourceBar[];
  widthMs: number;
}

/** The history answer of `entry` if it is one for `conid` (answered 200 with its body recorded);
 * bad bars fail naming the entry. */
function answerOf(entry: RecordedEntry, index: number, conid: number, file: string) {
  if (!historyOperations.has(entry._operationId ?? '') || entry.response.status !== 200) return [];
  if (new URL(entry.request.url).searchParams.get('conid') !== String(conid)) return [];
  const where = `${file}: entry ${index}`;
  const bytes = responseBytes(entry);
  if (bytes === undefined) throw new RecordingError(`${where}: the answer's body was not recorded`);
  try {
    const { bars, widthMs } = barsFromHistoryAnswer(JSON.parse(bytes.toString('utf8')));
    return bars.length === 0 ? [] : [{ bars, widthMs: widthMs ?? widthOf(bars) }];
  } catch (error) {
    throw new RecordingError(`${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The bars of `conid` in a recording's history answers (`/iserver/marketdata/history`,
 * `/hmds/history`), as a history answer to replay. A client that polled recorded overlapping
 * answers: their bars are merged by time, a later answer's bar replacing an earlier one's. One
 * replay has one bar width: answers with bars wider than the finest are left out. */
export function recordedMarketData(
  entries: readonly RecordedEntry[],
  conid: number,
  file: string,
): MarketDataSource {
  const answers: Answer[] = entries.flatMap((entry, index) => answerOf(entry, index, conid, file));
  if (answers.length === 0) {
    throw new RecordingError(
      `${file}: no history answer of contract ${conid} with bars (GET /iserver/marketdata/history or /hmds/history answered 200)`,
    );
  }
  const finest = Math.min(...answers.map((answer) => answer.widthMs));
  const byTime = new Map<number, SourceBar>();
  for (const answer of answers.filter((each) => each.widthMs === finest)) {
    for (const bar of answer.bars) byTime.set(bar.t, bar);
  }
  const data = [...byTime.values()]
    .sort((a, b) => a.t - b.t)
    .map(({ t, o, h, l, c, v }) => ({ t, o, h, l, c, ...(v === undefined ? {} : { v }) }));
  return { history: { data, barLength: finest / 1000 } };
}

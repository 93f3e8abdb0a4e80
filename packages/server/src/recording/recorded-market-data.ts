// The market data a recording holds: its history answers, read into bars for the market replay as
// the recording arrives (an entry at a time: only the entry being read and the bars kept are held).
import { tooLarge } from '../domain/kernel/errors.js';
import { barsFromHistoryAnswer } from '../domain/market/replay/history-answer-bars.js';
import type { MarketDataSource } from '../domain/market/replay/market-data-source.js';
import {
  marketDataLimits,
  readJsonValues,
  type MarketDataLimits,
} from '../domain/market/replay/market-data-stream.js';
import { widthOf, type SourceBar } from '../domain/market/replay/replay-bars.js';
import type { RecordedEntry } from './har-entry.js';
import { checkedEntry, cutShortAfter, RecordingError, responseBytes } from './read-recording.js';

const historyOperations = new Set(['getMarketDataHistory', 'getHmdsHistory']);

/** The history answer of `entry` if it is one for `conid` (answered 200 with its body recorded);
 * bad bars fail naming the entry. */
function answerOf(entry: RecordedEntry, index: number, conid: number, file: string) {
  if (!historyOperations.has(entry._operationId ?? '') || entry.response.status !== 200)
    return undefined;
  if (new URL(entry.request.url).searchParams.get('conid') !== String(conid)) return undefined;
  const where = `${file}: entry ${index}`;
  const bytes = responseBytes(entry);
  if (bytes === undefined) throw new RecordingError(`${where}: the answer's body was not recorded`);
  try {
    const { bars, widthMs } = barsFromHistoryAnswer(JSON.parse(bytes.toString('utf8')));
    return bars.length === 0 ? undefined : { bars, widthMs: widthMs ?? widthOf(bars) };
  } catch (error) {
    throw new RecordingError(`${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The bars of `conid` in the history answers (`/iserver/marketdata/history`, `/hmds/history`) of
 * a recording arriving in `pieces` (read from `file`), as a history answer to replay; every entry
 * is checked as compare and replay check it. A client that polled recorded overlapping answers:
 * their bars are merged by time, a later answer's bar replacing an earlier one's. One replay has
 * one bar width: the bars of answers wider than the finest are dropped as soon as a finer one
 * comes. Past `limits` (64 MiB, a million bars kept) the read stops with a 413. */
export async function readRecordedMarketData(
  pieces: AsyncIterable<Uint8Array | string>,
  conid: number,
  file: string,
  limits: MarketDataLimits = marketDataLimits,
): Promise<MarketDataSource> {
  let entries = 0;
  let isHar = false;
  let finest: { widthMs: number; byTime: Map<number, SourceBar> } | undefined;
  await readJsonValues(
    pieces,
    ['$.log.version', '$.log.entries.*'],
    limits.maxBytes,
    (value, key) => {
      isHar = true;
      if (key === 'version') return;
      const answer = answerOf(checkedEntry(value, entries, file), entries, conid, file);
      entries += 1;
      if (answer === undefined || (finest !== undefined && answer.widthMs > finest.widthMs)) return;
      if (finest === undefined || answer.widthMs < finest.widthMs)
        finest = { widthMs: answer.widthMs, byTime: new Map() };
      for (const bar of answer.bars) finest.byTime.set(bar.t, bar);
      if (finest.byTime.size > limits.maxBars)
        throw tooLarge(
          `entry ${entries - 1}: the recording's history answers have more than ${limits.maxBars.toLocaleString('en-US')} bars, the most a replay holds`,
        );
    },
    (reason, atEnd) =>
      new RecordingError(
        `${file}: ${atEnd && isHar ? cutShortAfter(entries) : `not a HAR file (${reason})`}`,
      ),
  );
  if (!isHar) throw new RecordingError(`${file}: not a HAR file (no log.entries)`);
  if (finest === undefined) {
    throw new RecordingError(
      `${file}: no history answer of contract ${conid} with bars (GET /iserver/marketdata/history or /hmds/history answered 200)`,
    );
  }
  const data = [...finest.byTime.values()]
    .sort((a, b) => a.t - b.t)
    .map(({ t, o, h, l, c, v }) => ({ t, o, h, l, c, ...(v === undefined ? {} : { v }) }));
  return { history: { data, barLength: finest.widthMs / 1000 } };
}

import { readFileSync, statSync } from 'node:fs';
import type { MarketDataSource } from '../domain/market/replay/market-data-source.js';
import { readRecording } from '../recording/read-recording.js';
import { recordedMarketData } from '../recording/recorded-market-data.js';

/** The largest market-replay file read (64 MiB: about two years of one-minute bars as CSV); a
 * larger one is refused before it is read, naming its size. */
export const maxMarketDataFileBytes = 64 * 1024 * 1024;

/** Market data to replay on `conid`, read from a file: a HAR recording (`.har`: the history
 * answers recorded for `conid`), a saved history answer of the service (`.json`) or a CSV of bars
 * (any other name). */
export function readMarketDataFile(file: string, conid: number): MarketDataSource {
  const name = file.toLowerCase();
  const { size } = statSync(file);
  if (size > maxMarketDataFileBytes)
    throw new Error(
      `${file} is ${size} bytes: a market replay file may have ${maxMarketDataFileBytes} at most`,
    );
  if (name.endsWith('.har')) return recordedMarketData(readRecording(file), conid, file);
  const text = readFileSync(file, 'utf8');
  if (!name.endsWith('.json')) return { csv: text };
  try {
    return { history: JSON.parse(text) as unknown };
  } catch (error) {
    throw new Error(
      `${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

import { readFileSync } from 'node:fs';
import type { MarketDataSource } from './domain/market/replay/market-data-source.js';

/** Market data to replay, read from a file: a saved history answer of the service (`.json`) or a
 * CSV of bars (any other name). */
export function readMarketDataFile(file: string): MarketDataSource {
  const text = readFileSync(file, 'utf8');
  if (!file.toLowerCase().endsWith('.json')) return { csv: text };
  try {
    return { history: JSON.parse(text) as unknown };
  } catch (error) {
    throw new Error(
      `${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

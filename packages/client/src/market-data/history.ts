import type { paths, QueryParams } from '@brokerage/types';
import type { Client } from 'openapi-fetch';
import { BrokerageApiError } from '../errors.js';

/** One bar with its real start time. */
export interface PriceBar {
  time: Date;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface PriceHistory {
  symbol: string;
  /** Bar width in seconds. */
  barSeconds: number;
  /** Oldest first. */
  bars: PriceBar[];
}

/** Bars of a contract's history (`getMarketDataHistory`), typed, with `Date` start times. */
export async function marketHistory(
  client: Client<paths>,
  query: QueryParams<'getMarketDataHistory'>,
  signal?: AbortSignal,
): Promise<PriceHistory> {
  const { data, error, response } = await client.GET('/v1/api/iserver/marketdata/history', {
    params: { query },
    ...(signal ? { signal } : {}),
  });
  if (error !== undefined || !data) {
    throw new BrokerageApiError(response.status, 'getMarketDataHistory', error);
  }
  return {
    symbol: data.symbol,
    barSeconds: data.barLength,
    bars: data.data.map((bar) => ({
      time: new Date(bar.t),
      open: bar.o,
      high: bar.h,
      low: bar.l,
      close: bar.c,
      volume: bar.v,
    })),
  };
}

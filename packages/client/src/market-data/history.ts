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
  /** Oldest first; volume 0 for bars of quotes. */
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
  return { symbol: data.symbol, barSeconds: data.barLength, bars: data.data.map(priceBar) };
}

/** A bar as both history operations send it (`v` left out for bars of quotes on `/hmds`). */
const priceBar = (bar: { t: number; o: number; h: number; l: number; c: number; v?: number }) => ({
  time: new Date(bar.t),
  open: bar.o,
  high: bar.h,
  low: bar.l,
  close: bar.c,
  volume: bar.v ?? 0,
});

export interface HmdsPriceHistory {
  /** The period the bars were taken from. */
  from: Date | undefined;
  to: Date | undefined;
  /** Oldest first; volume 0 for bars of quotes. */
  bars: PriceBar[];
}

/** Bars of a contract's history from the historical market-data service (`getHmdsHistory`),
 * typed, with `Date` start times. The session's first request to that service answers 404 while
 * it starts: that answer is asked again once. */
export async function hmdsHistory(
  client: Client<paths>,
  query: QueryParams<'getHmdsHistory'>,
  signal?: AbortSignal,
): Promise<HmdsPriceHistory> {
  const ask = () =>
    client.GET('/v1/api/hmds/history', { params: { query }, ...(signal ? { signal } : {}) });
  let answer = await ask();
  if (answer.response.status === 404) answer = await ask();
  const { data, error, response } = answer;
  if (error !== undefined || !data) {
    throw new BrokerageApiError(response.status, 'getHmdsHistory', error);
  }
  const at = (epochMs: number | undefined) =>
    epochMs === undefined ? undefined : new Date(epochMs);
  return {
    from: at(data.startTimeVal),
    to: at(data.endTimeVal),
    bars: (data.data ?? []).map(priceBar),
  };
}

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
  /** Left out when the service leaves it out. */
  symbol?: string;
  /** Bar width in seconds; left out when the service leaves it out. */
  barSeconds?: number;
  /** Oldest first; volume 0 for bars of quotes; none when the service sends no `data`. */
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
    ...(data.symbol === undefined ? {} : { symbol: data.symbol }),
    ...(data.barLength === undefined ? {} : { barSeconds: data.barLength }),
    bars: priceBars(data.data),
  };
}

/** A bar as both history operations send it (`v` left out for bars of quotes on `/hmds`). */
interface WireBar {
  t?: number;
  o?: number;
  h?: number;
  l?: number;
  c?: number;
  v?: number;
}

/** The bars as both history operations send them (`v` left out for bars of quotes on `/hmds`);
 * a bar without its time or one of its prices says nothing usable, so it is left out. */
const priceBars = (bars: WireBar[] | undefined): PriceBar[] =>
  (bars ?? []).flatMap(({ t, o, h, l, c, v }) =>
    t === undefined || o === undefined || h === undefined || l === undefined || c === undefined
      ? []
      : [{ time: new Date(t), open: o, high: h, low: l, close: c, volume: v ?? 0 }],
  );

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
    bars: priceBars(data.data),
  };
}

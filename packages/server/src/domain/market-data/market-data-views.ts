import type { Schema } from '@brokerage/types';
import { freeze } from '../kernel/freeze.js';
import { dashedTimestamp } from '../kernel/time-format.js';
import type { Bar } from '../market/bars.js';
import { hoursOf } from '../market/exchange-hours.js';
import type { History, HistoryRequest } from './history.js';
import type { SnapshotEntry } from './market-data.js';
import type { Instrument } from '../market/model.js';
import { traitsOf } from '../market/price-traits.js';
import type { MarketState } from '../market/market-state.js';
import { defaultSnapshotFields, quotedSize, snapshotFields } from './snapshot-fields.js';

/** The subscription marker of every snapshot entry (`server_id` and field 6119). */
const subscriptionMarker = 'q0';

const barSeconds = { S: 1, min: 60, h: 3600, d: 86_400, w: 604_800, m: 2_592_000 } as const;

/** One contract of a snapshot on the wire: the identifiers, then each asked field that has a
 * value, as a string keyed by its code. */
export function snapshotEntryView(
  entry: SnapshotEntry,
  fields: string[] | undefined,
  now: number,
): Schema<'MarketDataSnapshotEntry'> {
  const view: Schema<'MarketDataSnapshotEntry'> = {
    conid: entry.conid,
    conidEx: String(entry.conid),
    _updated: now,
    server_id: subscriptionMarker,
    '6119': subscriptionMarker,
  };
  if (!entry.subscribed || !entry.state) return view;
  const context = {
    instrument: entry.instrument,
    state: entry.state,
    availability: entry.availability,
    halted: entry.halted,
    option: entry.option,
    holding: entry.holding,
  };
  const values: Record<string, string> = {};
  for (const code of fields ?? defaultSnapshotFields) {
    const value = snapshotFields[code]?.(context);
    if (value !== undefined) values[code] = value;
  }
  return { ...view, ...values };
}

/** The field codes of a `fields` parameter (`31,84,86`). */
export const fieldCodes = (fields: string | undefined): string[] | undefined =>
  fields
    ?.split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');

/** `price*priceFactor/volume/minutes from the start` of the highest or lowest bar. */
function extremeOf(
  bars: readonly Readonly<Bar>[],
  pick: 'h' | 'l',
  priceFactor: number,
  start: number,
): string {
  const extreme = bars.reduce<Bar | undefined>(
    (best, bar) =>
      best === undefined || (pick === 'h' ? bar.h > best.h : bar.l < best.l) ? bar : best,
    undefined,
  );
  if (!extreme) return '0/0/0';
  return `${Math.round(extreme[pick] * priceFactor)}/${extreme.v}/${Math.round((extreme.t - start) / 60_000)}`;
}

type BarView = NonNullable<Schema<'MarketDataHistory'>['data']>[number];
/** The wire form of bar lists already sent, frozen (their JSON text is then made once). */
const barViewLists = new WeakMap<readonly Readonly<Bar>[], readonly BarView[]>();

function barViews(bars: readonly Readonly<Bar>[]): BarView[] {
  let views = barViewLists.get(bars);
  if (!views) {
    views = freeze(
      bars.map(({ o, c, h, l, v, t }) => ({ o, c, h, l, v, t })),
      true,
    );
    barViewLists.set(bars, views);
  }
  // The schema's type is a mutable array; the list is only ever read.
  return views as BarView[];
}

/** A history answer on the wire. */
export function historyView(
  instrument: Instrument,
  request: HistoryRequest,
  history: History,
  periodText: string,
  serverId: number,
): Schema<'MarketDataHistory'> {
  const traits = traitsOf(instrument);
  const priceFactor = 10 ** traits.decimals;
  const start = history.bars[0]?.t ?? history.from;
  const hours = hoursOf(instrument.exchange);
  return {
    serverId: String(serverId),
    symbol: instrument.symbol,
    text: instrument.companyName,
    priceFactor,
    startTime: dashedTimestamp(start),
    high: extremeOf(history.bars, 'h', priceFactor, start),
    low: extremeOf(history.bars, 'l', priceFactor, start),
    timePeriod: periodText,
    barLength: request.bar.count * barSeconds[request.bar.unit],
    mdAvailability: 'S',
    mktDataDelay: 0,
    outsideRth: request.outsideRth,
    tradingDayDuration: hours.regular[1] - hours.regular[0],
    volumeFactor: 1,
    priceDisplayRule: 1,
    priceDisplayValue: String(traits.decimals),
    chartPanStartTime: dashedTimestamp(start),
    direction: request.direction,
    negativeCapable: false,
    messageVersion: 2,
    travelTime: 0,
    points: Math.max(0, history.bars.length - 1),
    data: barViews(history.bars),
  };
}

/** One capital letter per exchange, as the regulatory snapshot names exchanges (`Q` and `N` as
 * on the US consolidated tape; the others are the simulation's). */
const exchangeLetters: Record<string, string> = {
  NASDAQ: 'Q',
  NYSE: 'N',
  IBIS: 'I',
  MEXI: 'M',
  CME: 'C',
  IDEALPRO: 'X',
  FORECASTX: 'F',
};

/** A regulatory snapshot on the wire: real-time quote and last trade, prices as strings. */
export function regulatorySnapshotView(
  instrument: Instrument,
  state: MarketState,
): Schema<'RegulatorySnapshot'> {
  const { decimals } = state.traits;
  const letter = exchangeLetters[instrument.exchange] ?? instrument.exchange.charAt(0);
  return {
    conid: instrument.conid,
    conidEx: String(instrument.conid),
    HasDelayed: false,
    '84': state.quote.bid.toFixed(decimals),
    '86': state.quote.ask.toFixed(decimals),
    '88': quotedSize(instrument, state.quote.bidSize),
    '85': quotedSize(instrument, state.quote.askSize),
    '31': state.last.price.toFixed(decimals),
    '7059': quotedSize(instrument, state.last.size),
    '7057': letter,
    '7068': letter,
    '7058': letter,
  };
}

/** A history answer of the historical market-data service on the wire: the period's bounds and
 * the bars (volume only for trades). */
export function hmdsHistoryView(request: HistoryRequest, history: History): Schema<'HmdsHistory'> {
  return {
    startTime: dashedTimestamp(history.from),
    startTimeVal: history.from,
    endTime: dashedTimestamp(history.to),
    endTimeVal: history.to,
    data: history.bars.map(({ t, o, c, h, l, v }) =>
      request.source === 'Last' ? { t, o, c, h, l, v } : { t, o, c, h, l },
    ),
    points: history.bars.length,
    mktDataDelay: 0,
  };
}

/** The answer to an unsubscription of one contract. */
export const unsubscribedView = () => ({ success: true }) as const;

/** The answer to ending every subscription of the session. */
export const allUnsubscribedView = () => ({ unsubscribed: true }) as const;

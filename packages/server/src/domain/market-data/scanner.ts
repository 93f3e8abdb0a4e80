import { badRequest } from '../kernel/errors.js';
import { marketDataTexts } from './market-data-texts.js';
import { marketStateAt, type MarketState } from '../market/market-state.js';
import type { Instrument } from '../market/model.js';
import type { PricePath } from '../market/price-path.js';
import { shortQuantity } from './snapshot-fields.js';

/** A scan's instruments: which contracts of the catalogue it covers, and where. */
export interface ScannerInstrument {
  type: string;
  displayName: string;
  filters: readonly string[];
  locations: readonly { type: string; displayName: string; exchanges: readonly string[] }[];
  secType: Instrument['secType'];
}

/** A scan type: how it ranks contracts, and what its data column shows. */
export interface ScanType {
  code: string;
  displayName: string;
  columnName: string;
  /** Higher ranks first; undefined leaves the contract out. */
  rank: (state: MarketState) => number | undefined;
  column: (state: MarketState) => string;
}

const changePercent = (state: MarketState) =>
  state.priorClose ? ((state.last.price - state.priorClose) / state.priorClose) * 100 : undefined;
const percentColumn = (state: MarketState) => `${(changePercent(state) ?? 0).toFixed(2)}%`;

export const scanTypes: readonly ScanType[] = [
  {
    code: 'TOP_PERC_GAIN',
    displayName: 'Top % Gainers',
    columnName: 'Chg%',
    rank: (state) => {
      const change = changePercent(state);
      return change !== undefined && change > 0 ? change : undefined;
    },
    column: percentColumn,
  },
  {
    code: 'TOP_PERC_LOSE',
    displayName: 'Top % Losers',
    columnName: 'Chg%',
    rank: (state) => {
      const change = changePercent(state);
      return change !== undefined && change < 0 ? -change : undefined;
    },
    column: percentColumn,
  },
  {
    code: 'MOST_ACTIVE',
    displayName: 'Most Active',
    columnName: 'Volume',
    rank: (state) => (state.volume > 0 ? state.volume : undefined),
    column: (state) => shortQuantity(state.volume),
  },
  {
    code: 'TOP_TRADE_COUNT',
    displayName: 'Top Trade Count',
    columnName: 'Trades',
    rank: (state) => (state.trades > 0 ? state.trades : undefined),
    column: (state) => shortQuantity(state.trades),
  },
];

const commonFilters = [
  'priceAbove',
  'priceBelow',
  'volumeAbove',
  'changePercAbove',
  'changePercBelow',
];

export const scannerInstruments: readonly ScannerInstrument[] = [
  {
    type: 'STK',
    displayName: 'US Stocks',
    secType: 'STK',
    filters: commonFilters,
    locations: [
      { type: 'STK.US.MAJOR', displayName: 'Listed/NASDAQ', exchanges: ['NASDAQ', 'NYSE'] },
    ],
  },
  {
    type: 'STOCK.EU',
    displayName: 'European Stocks',
    secType: 'STK',
    filters: commonFilters,
    locations: [{ type: 'STK.EU.IBIS', displayName: 'XETRA', exchanges: ['IBIS'] }],
  },
  {
    type: 'STOCK.NA',
    displayName: 'Mexican Stocks',
    secType: 'STK',
    filters: commonFilters,
    locations: [{ type: 'STK.NA.MEXI', displayName: 'Mexico', exchanges: ['MEXI'] }],
  },
  {
    type: 'FUT.US',
    displayName: 'US Futures',
    secType: 'FUT',
    filters: commonFilters,
    locations: [{ type: 'FUT.CME', displayName: 'CME', exchanges: ['CME'] }],
  },
];

/** The filters scans take: a code and a test of the contract's state against the value. */
export interface ScannerFilter {
  code: string;
  displayName: string;
  test: (state: MarketState, value: number) => boolean;
}

export const scannerFilters: readonly ScannerFilter[] = [
  {
    code: 'priceAbove',
    displayName: 'Price Above',
    test: (state, value) => state.last.price > value,
  },
  {
    code: 'priceBelow',
    displayName: 'Price Below',
    test: (state, value) => state.last.price < value,
  },
  {
    code: 'volumeAbove',
    displayName: 'Volume Above',
    test: (state, value) => state.volume > value,
  },
  {
    code: 'changePercAbove',
    displayName: 'Change (%) Above',
    test: (state, value) => (changePercent(state) ?? 0) > value,
  },
  {
    code: 'changePercBelow',
    displayName: 'Change (%) Below',
    test: (state, value) => (changePercent(state) ?? 0) < value,
  },
];

export interface ScanRequest {
  instrument: string;
  type: string;
  location: string;
  filter?: { code: string; value?: unknown }[];
}

export interface ScanResult {
  scanType: ScanType;
  /** The contracts that match, best first, at most `limit`. */
  contracts: { instrument: Instrument; state: MarketState }[];
  /** How many contracts match in all. */
  total: number;
}

/** Runs a scan over the catalogue's contracts from their current prices: the location's
 * contracts that pass every filter (filters the simulation does not know are ignored), ranked by
 * the scan type, the best `limit` of them. */
export function runScan(
  instruments: readonly Instrument[],
  path: PricePath,
  request: ScanRequest,
  now: number,
  limit: number,
): ScanResult {
  const scanInstrument = scannerInstruments.find((entry) => entry.type === request.instrument);
  if (!scanInstrument) throw badRequest(marketDataTexts.unknownScanInstrument(request.instrument));
  const scanType = scanTypes.find((entry) => entry.code === request.type);
  if (!scanType) throw badRequest(marketDataTexts.unknownScanType(request.type));
  const location = scanInstrument.locations.find((entry) => entry.type === request.location);
  if (!location) throw badRequest(marketDataTexts.unknownScanLocation(request.location));
  const filters = (request.filter ?? []).flatMap(({ code, value }) => {
    const filter = scannerFilters.find((entry) => entry.code === code);
    const number = Number(value);
    return filter && Number.isFinite(number)
      ? [(state: MarketState) => filter.test(state, number)]
      : [];
  });
  const ranked = instruments
    .filter(
      (instrument) =>
        instrument.secType === scanInstrument.secType &&
        location.exchanges.includes(instrument.exchange),
    )
    .flatMap((instrument) => {
      const state = marketStateAt(instrument, path, now);
      if (!state || !filters.every((passes) => passes(state))) return [];
      const rank = scanType.rank(state);
      return rank === undefined ? [] : [{ instrument, state, rank }];
    })
    .sort((a, b) => b.rank - a.rank || a.instrument.conid - b.instrument.conid);
  return {
    scanType,
    contracts: ranked.slice(0, limit).map(({ instrument, state }) => ({ instrument, state })),
    total: ranked.length,
  };
}

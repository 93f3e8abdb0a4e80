import { formatWhole } from '../accounts/amount-format.js';
import type { Position } from '../accounts/model.js';
import type { PositionValue } from '../accounts/valuation.js';
import type { MarketState } from '../market/market-state.js';
import type { Instrument } from '../market/model.js';
import type { OptionValuation } from '../market/option-pricing.js';

/** An account's position in a contract, with its value. */
export interface Holding {
  position: Position;
  value: PositionValue;
}

/** What a snapshot field is computed from. */
export interface FieldContext {
  instrument: Instrument;
  state: MarketState;
  /** Field 6509: market data availability (`RpB`, `DpB`, ...). */
  availability: string;
  /** Trading is halted: the last price carries `H`. */
  halted: boolean;
  /** Options: the pricing model's valuation (greeks). */
  option?: OptionValuation | undefined;
  /** The selected account's position in the contract, valued (fields 73-80); none when flat. */
  holding: Holding | undefined;
}

type FieldValue = (context: FieldContext) => string | undefined;

const price =
  (pick: (state: MarketState) => number | undefined): FieldValue =>
  ({ state }) => {
    const value = pick(state);
    return value === undefined ? undefined : value.toFixed(state.traits.decimals);
  };

/** A size as quoted: US stocks in round lots of 100 shares, others in units. */
export function quotedSize(instrument: Instrument, quantity: number): number {
  const usStock = instrument.secType === 'STK' && instrument.currency === 'USD';
  return usStock ? quantity / 100 : quantity;
}

const size =
  (pick: (state: MarketState) => number): FieldValue =>
  ({ instrument, state }) =>
    String(quotedSize(instrument, pick(state)));

const change = (state: MarketState) =>
  state.priorClose === undefined ? undefined : state.last.price - state.priorClose;

/** A quantity in the service's short form: `950`, `12.5K`, `3.41M`. */
export function shortQuantity(value: number): string {
  if (value < 1000) return String(value);
  if (value < 1_000_000) return `${Number((value / 1000).toFixed(2))}K`;
  return `${Number((value / 1_000_000).toFixed(2))}M`;
}

/** A figure of the selected account's position, with two decimals; none when flat. */
const holdingAmount =
  (pick: (holding: Holding) => number): FieldValue =>
  ({ holding }) =>
    holding === undefined ? undefined : pick(holding).toFixed(2);

/** Fields 73-80: the selected account's position in the contract, from the one valuation
 * (real-time prices, whatever the user's market-data subscription). */
const positionFields: Record<string, FieldValue> = {
  '73': holdingAmount(({ value }) => value.marketValue),
  '74': ({ holding, state }) => holding?.position.averageCost.toFixed(state.traits.decimals),
  '75': holdingAmount(({ value }) => value.unrealizedPnl),
  '76': ({ holding }) =>
    holding === undefined ? undefined : formatWhole(holding.position.quantity),
  '77': ({ holding }) =>
    holding === undefined ? undefined : formatWhole(holding.value.unrealizedPnl),
  '78': holdingAmount(({ value }) => value.dailyPnl),
  '79': holdingAmount(({ position }) => position.realizedPnl ?? 0),
  '80': ({ holding }) => {
    if (holding === undefined) return undefined;
    const cost = Math.abs(holding.value.marketValue - holding.value.unrealizedPnl);
    return cost === 0 ? undefined : `${((holding.value.unrealizedPnl / cost) * 100).toFixed(2)}%`;
  },
};

/** The snapshot fields the simulation computes, by code (the codes of the snapshot's `fields`
 * parameter). A requested code without an entry, or whose value is undefined, is left out of
 * the answer, as the service leaves out fields it has no value for. */
export const snapshotFields: Record<string, FieldValue> = {
  // Last: `H` before it while halted; the previous close with `C` before the day's first trade.
  '31': ({ state, halted }) =>
    halted
      ? `H${state.last.price.toFixed(state.traits.decimals)}`
      : state.noTradeToday && state.priorClose !== undefined
        ? `C${state.priorClose.toFixed(state.traits.decimals)}`
        : state.last.price.toFixed(state.traits.decimals),
  '55': ({ instrument }) => instrument.symbol,
  '70': price((state) => state.high),
  '71': price((state) => state.low),
  ...positionFields,
  '82': ({ state }) => change(state)?.toFixed(state.traits.decimals),
  '83': ({ state }) => {
    const difference = change(state);
    return difference === undefined || !state.priorClose
      ? undefined
      : `${((difference / state.priorClose) * 100).toFixed(2)}%`;
  },
  '84': price((state) => state.quote.bid),
  '85': size((state) => state.quote.askSize),
  '86': price((state) => state.quote.ask),
  '87': ({ state }) => shortQuantity(state.volume),
  '88': size((state) => state.quote.bidSize),
  '6004': ({ instrument }) => instrument.exchange,
  '6008': ({ instrument }) => String(instrument.conid),
  '6070': ({ instrument }) => instrument.secType,
  '6509': ({ availability }) => availability,
  '7051': ({ instrument }) => instrument.companyName,
  '7059': ({ state }) => String(state.last.size),
  '7221': ({ instrument }) => instrument.exchange,
  '7293': price((state) => state.high52Weeks),
  '7294': price((state) => state.low52Weeks),
  '7295': price((state) => state.open),
  '7741': price((state) => state.priorClose),
  '7762': ({ state }) => String(state.volume),
  // Options: the greeks and the strike's implied volatility, from the pricing model.
  '7308': ({ option }) => option?.delta.toFixed(3),
  '7309': ({ option }) => option?.gamma.toFixed(4),
  '7310': ({ option }) => option?.theta.toFixed(4),
  '7311': ({ option }) => option?.vega.toFixed(4),
  '7633': ({ instrument, option }) =>
    option && instrument.option ? `${(instrument.option.volatility * 100).toFixed(1)}%` : undefined,
};

/** Fields answered when a snapshot request names none. */
export const defaultSnapshotFields = ['31', '84', '86', '82', '83', '7221'];

import type { Schema } from '@brokerage/types';
import type { Account, Position } from '../accounts/model.js';
import { valuePosition, type PositionValue } from '../accounts/valuation.js';
import { assetClassOf, contractDefinition } from '../contracts/contract-definitions.js';
import type { Market } from '../market/market.js';
import type { InstrumentCatalogue } from '../market/model.js';
import { classificationOf } from '../contracts/classification.js';
import { cents } from '../kernel/money.js';

/** The most positions a page of the paged positions operation holds. */
export const positionsPageSize = 100;

/** A position of an account together with its value at the simulated price. */
export interface ValuedPosition {
  accountId: string;
  position: Position;
  value: PositionValue;
}

/** The account's open positions, each valued by the one valuation of positions. */
export function valuedPositions(account: Account, market: Market): ValuedPosition[] {
  return account.positions.flatMap((position) => {
    const value = valuePosition(position, market);
    return value ? [{ accountId: account.id, position, value }] : [];
  });
}

/** A row of the cached positions operations (`Position`): the position, then its contract. */
export function positionRow(
  catalogue: InstrumentCatalogue,
  valued: ValuedPosition,
): Schema<'Position'> {
  const { position, value } = valued;
  const { instrument } = value;
  return {
    acctId: valued.accountId,
    contractDesc: instrument.description,
    position: position.quantity,
    mktPrice: value.price,
    mktValue: cents(value.marketValue),
    avgCost: position.averageCost * instrument.multiplier,
    avgPrice: position.averageCost,
    realizedPnl: position.realizedPnl ?? 0,
    unrealizedPnl: cents(value.unrealizedPnl),
    exchs: null,
    exerciseStyle: null,
    conExchMap: [],
    model: '',
    ...contractDefinition(catalogue, instrument),
    pageSize: positionsPageSize,
  };
}

/** A row of the uncached positions operation (`UncachedPosition`), read at `epochSeconds`. */
export function uncachedPositionRow(
  valued: ValuedPosition,
  epochSeconds: number,
): Schema<'UncachedPosition'> {
  const { position, value } = valued;
  const { instrument } = value;
  const classification = classificationOf(instrument.symbol);
  return {
    assetClass: assetClassOf(instrument),
    avgCost: position.averageCost * instrument.multiplier,
    avgPrice: position.averageCost,
    conid: String(instrument.conid),
    currency: instrument.currency,
    description: instrument.description,
    group: classification?.group ?? null,
    isLastToLoq: false,
    marketPrice: value.price,
    marketValue: value.marketValue,
    model: '',
    position: position.quantity,
    realizedPnl: position.realizedPnl ?? 0,
    secType: instrument.secType,
    sector: classification?.sector ?? null,
    timestamp: epochSeconds,
    unrealizedPnl: value.unrealizedPnl,
  };
}

export interface SortOrder {
  /** Field of the rows to sort by. */
  field: string;
  direction: 'a' | 'd';
}

/** Rows sorted by one of their fields (numbers by value, texts alphabetically, nulls last), or
 * by `fallback` when the rows have no such field. Ties keep their order. */
export function sortRows<Row extends object>(
  rows: Row[],
  order: SortOrder,
  fallback: keyof Row & string,
): Row[] {
  const field = rows.some((row) => order.field in row) ? order.field : fallback;
  const sign = order.direction === 'd' ? -1 : 1;
  const valueOf = (row: Row): unknown => (row as Record<string, unknown>)[field];
  return [...rows].sort((a, b) => {
    const x = valueOf(a);
    const y = valueOf(b);
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
    return sign * String(x).localeCompare(String(y));
  });
}

/** Page `page` (from 0) of the rows. */
export function pageOf<Row>(rows: Row[], page: number): Row[] {
  return rows.slice(page * positionsPageSize, (page + 1) * positionsPageSize);
}

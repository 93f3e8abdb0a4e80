import type { Schema } from '@brokerage/types';
import { parseDecimal, withNumbers, type Numeric } from '../orders/numbers.js';

// The advisors' operations send amounts and percentages as decimal strings, as the service
// does; these views read them as numbers.

export type AllocatableAccounts = Schema<'AllocatableAccounts'>;
export type ModelPositions = Schema<'ModelPositions'>;
export type ModelPositionRow = NonNullable<ModelPositions['positionList']>[number];

export interface AllocatableAccountNumbers {
  accountId: string | undefined;
  netLiquidation: number | undefined;
  availableEquity: number | undefined;
}

/** Each sub-account of `GET /iserver/account/allocation/accounts` with its two values as numbers. */
export const allocatableAccountNumbers = (
  answer: AllocatableAccounts,
): AllocatableAccountNumbers[] =>
  (answer.accounts ?? []).map(({ name, data = [] }) => {
    const value = (key: string) => {
      const text = data.find((entry) => entry.key === key)?.value;
      return text === undefined ? undefined : parseDecimal(text);
    };
    return {
      accountId: name,
      netLiquidation: value('NetLiquidation'),
      availableEquity: value('AvailableEquity'),
    };
  });

// The amounts (`mv`, `dlv`, `position`) arrive as numbers already.
const positionDecimals = [
  'actual',
  'exchangeRate',
  'instrumentImbalance',
  'target',
] as const satisfies readonly (keyof ModelPositionRow)[];

export type ModelPositionNumbers = Numeric<ModelPositionRow, (typeof positionDecimals)[number]>;

/** A row of `POST /fa/model/positions` with its percentages and rate as numbers
 * (`actualRangeMin`/`actualRangeMax` stay text: `None` when no tolerance range is used). */
export const modelPositionNumbers = (row: ModelPositionRow): ModelPositionNumbers =>
  withNumbers(row, positionDecimals);

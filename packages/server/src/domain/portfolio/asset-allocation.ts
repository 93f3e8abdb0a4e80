import type { Schema } from '@brokerage/types';
import type { Account } from '../accounts/model.js';
import type { Market } from '../market/market.js';
import { classificationOf, unclassified } from '../contracts/classification.js';
import { assetClassOf } from '../contracts/contract-definitions.js';
import { valuedPositions } from './position-views.js';

/** A breakdown as the simulation builds it: both sides always there. */
type Breakdown = Required<Schema<'AllocationSide'>>;

const emptyBreakdown = (): Breakdown => ({ long: {}, short: {} });

function add(breakdown: Breakdown, category: string, value: number): void {
  if (value === 0) return;
  const side = value > 0 ? breakdown.long : breakdown.short;
  side[category] = (side[category] ?? 0) + value;
}

/** The accounts' positions (and cash, as the asset class `CASH`) by asset class, sector and
 * group, long and short apart, in `baseCurrency`, from the one valuation of positions. */
export function assetAllocation(
  accounts: Account[],
  market: Market,
  baseCurrency: string,
): Schema<'AssetAllocation'> {
  const allocation = {
    assetClass: emptyBreakdown(),
    sector: emptyBreakdown(),
    group: emptyBreakdown(),
  };
  for (const account of accounts) {
    for (const { value } of valuedPositions(account, market)) {
      const { instrument } = value;
      const inBase = value.marketValue * market.rate(instrument.currency, baseCurrency);
      const classification = classificationOf(instrument.symbol);
      add(allocation.assetClass, assetClassOf(instrument), inBase);
      add(allocation.sector, classification?.sector ?? unclassified, inBase);
      add(allocation.group, classification?.group ?? unclassified, inBase);
    }
    for (const [currency, amount] of Object.entries(account.cash)) {
      add(allocation.assetClass, 'CASH', amount * market.rate(currency, baseCurrency));
    }
  }
  return allocation;
}

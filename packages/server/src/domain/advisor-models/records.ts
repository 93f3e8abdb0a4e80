import type { Schema } from '@brokerage/types';

export interface PositionTarget {
  conid: number;
  /** Percent of the model's value. */
  target: number;
}

export interface CashTarget {
  ccy: string;
  target: number;
}

/** A model's part of one account: units per contract, their cost, and cash in the account's base
 * currency. The account's own cash and positions include it; the rest is "independent". */
export interface ModelHolding {
  units: Record<string, number>;
  /** Cost of the units per contract, in the contract's currency. */
  cost: Record<string, number>;
  cash: number;
}

/** A trade that brings an account's part of a model to its targets, waiting to be submitted. */
export interface PendingTransfer {
  accountId: string;
  conid: number;
  side: 'BUY' | 'SELL';
  quantity: number;
}

/** An advisor's model: target weights, and the accounts invested in it. */
export interface InvestmentModel {
  name: string;
  username: string;
  desc: string;
  isStatic: boolean;
  positionTargets: PositionTarget[];
  cashTargets: CashTarget[];
  /** By account id. */
  holdings: Record<string, ModelHolding>;
  pending: PendingTransfer[];
}

/** An advisor's presets for model rebalancing, as the service names them. */
export type ModelPresets = Omit<Schema<'ModelPresets'>, 'reqID' | 'subscriptionStatus'>;

import type { Instrument, SecType } from '../market/model.js';
import { cents } from '../kernel/money.js';

/** One row of the commission schedule, in the contract's currency. */
interface CommissionRate {
  perUnit: number;
  /** Share of the execution value charged in addition to `perUnit`. */
  shareOfValue: number;
  minimum: number;
  /** Cap as a share of the execution value; undefined when there is none. */
  maximumShare?: number;
}

/** The reference server's commission schedule (a fixed, tiered-free schedule, see docs/decisions/service/orders-trades-and-commission.md). */
export const commissionSchedule: Record<SecType, CommissionRate> = {
  STK: { perUnit: 0.005, shareOfValue: 0, minimum: 1, maximumShare: 0.01 },
  OPT: { perUnit: 0.65, shareOfValue: 0, minimum: 1 },
  FUT: { perUnit: 0.85, shareOfValue: 0, minimum: 0 },
  CASH: { perUnit: 0, shareOfValue: 0.00002, minimum: 2 },
  EVENT: { perUnit: 0.01, shareOfValue: 0, minimum: 0 },
};

/** Commission of one execution of `size` units worth `value` (both positive), rounded to cents. */
export function commissionFor(secType: SecType, size: number, value: number): number {
  const rate = commissionSchedule[secType];
  let commission = Math.max(rate.minimum, size * rate.perUnit + value * rate.shareOfValue);
  if (rate.maximumShare !== undefined) commission = Math.min(commission, value * rate.maximumShare);
  return cents(commission);
}

/** Commission of executing `size` units of `instrument` at `price`. */
export function executionCommission(instrument: Instrument, size: number, price: number): number {
  return commissionFor(instrument.secType, size, size * price * instrument.multiplier);
}

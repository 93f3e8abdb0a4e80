import type { Schema } from '@brokerage/types';
import { parseAmount } from '../accounts/amounts.js';

// The what-if answer carries every figure as a formatted text (`"1,922.60 USD (10 Shares)"`,
// `"145,502"`, `"-1"`); this view reads them as numbers beside the raw answer.

export type OrderPreview = Schema<'OrderPreview'>;
type Change = Schema<'OrderPreviewChange'>;

/** One figure before and after the order; undefined where a text is not a number. */
export interface ChangeNumbers {
  current: number | undefined;
  change: number | undefined;
  after: number | undefined;
}

/** The order's value (with its size in units), commission and total, in `currency`. */
export interface AmountNumbers {
  value: number | undefined;
  units: number | undefined;
  commission: number | undefined;
  total: number | undefined;
  currency: string | undefined;
}

export interface OrderPreviewNumbers {
  amount: AmountNumbers | undefined;
  equity: ChangeNumbers | undefined;
  initial: ChangeNumbers | undefined;
  maintenance: ChangeNumbers | undefined;
  position: ChangeNumbers | undefined;
  warn: string | null | undefined;
  error: string | null | undefined;
}

/** A number of the what-if texts: thousands separators, an optional sign (`+` included) and an
 * optional currency code; undefined for anything else. */
function numberOf(text: string | undefined): number | undefined {
  return text === undefined ? undefined : parseAmount(text.trim().replace(/^\+/, ''))?.value;
}

const changeNumbers = (change: Change | undefined): ChangeNumbers | undefined =>
  change && {
    current: numberOf(change.current),
    change: numberOf(change.change),
    after: numberOf(change.after),
  };

/** `"1,922.60 USD (10 Shares)"`: the value, its currency and the size in brackets. */
const valuePattern = /^(.*?)\s*\(([-\d,.]+)\s+[A-Za-z]+\)$/;

function amountNumbers(amount: OrderPreview['amount']): AmountNumbers | undefined {
  if (!amount) return undefined;
  const match = amount.amount === undefined ? null : valuePattern.exec(amount.amount.trim());
  const value = parseAmount(match?.[1] ?? amount.amount ?? '');
  return {
    value: value?.value,
    units: numberOf(match?.[2]),
    commission: numberOf(amount.commission),
    total: numberOf(amount.total),
    currency: value?.currency ?? parseAmount(amount.total ?? '')?.currency,
  };
}

/** The what-if answer with its figures as numbers: `orderPreviewNumbers(preview).initial?.change`
 * is the initial margin the order would add. */
export function orderPreviewNumbers(preview: OrderPreview): OrderPreviewNumbers {
  return {
    amount: amountNumbers(preview.amount),
    equity: changeNumbers(preview.equity),
    initial: changeNumbers(preview.initial),
    maintenance: changeNumbers(preview.maintenance),
    position: changeNumbers(preview.position),
    warn: preview.warn,
    error: preview.error,
  };
}

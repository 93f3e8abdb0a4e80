import type { Schema } from '@brokerage/types';
import { formatWhole } from '../accounts/amount-format.js';
import type { SecType } from '../market/model.js';
import type { OrderPreview, OrderProjection } from './order-preview.js';
import { formatMoney, formatQuantity } from './order-texts.js';

const unitNames: Record<SecType, string> = {
  STK: 'Shares',
  CASH: 'Units',
  FUT: 'Contracts',
  OPT: 'Contracts',
  EVENT: 'Contracts',
};

const trimmedMoney = (value: number, currency: string) =>
  `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${currency}`;

/** A figure before and after, in whole units; the change is taken from the rounded figures so
 * that the three texts add up. */
function wholeChange(before: number, after: number): Schema<'OrderPreviewChange'> {
  const [current, projected] = [Math.round(before), Math.round(after)];
  return {
    current: formatWhole(current),
    change: formatWhole(projected - current),
    after: formatWhole(projected),
  };
}

function projectionBlocks(projection: OrderProjection) {
  const { instrument, units, value, commission, before, after, position } = projection;
  const currency = instrument.currency;
  return {
    amount: {
      amount: `${formatMoney(value, currency)} (${formatQuantity(units)} ${unitNames[instrument.secType]})`,
      commission: trimmedMoney(commission, currency),
      total: formatMoney(value + commission, currency),
    },
    equity: wholeChange(before.equityWithLoan, after.equityWithLoan),
    initial: wholeChange(before.initialMargin, after.initialMargin),
    maintenance: wholeChange(before.maintenanceMargin, after.maintenanceMargin),
    position: {
      current: formatQuantity(position.before),
      change: formatQuantity(position.after - position.before),
      after: formatQuantity(position.after),
    },
  };
}

/** The what-if answer: the figures as the service formats them, `warn` as `<number>/<message>`
 * (the digits of the warning's message id), `warn` and `error` null when there is none. */
export function orderPreviewResponse(preview: OrderPreview): Schema<'OrderPreview'> {
  const { projection, warning, error } = preview;
  return {
    ...(projection ? projectionBlocks(projection) : {}),
    warn: warning ? `${warning.messageId.replace(/\D/g, '')}/${warning.message}` : null,
    error: error ?? null,
  };
}

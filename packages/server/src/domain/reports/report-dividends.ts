import type { DividendEntitlement } from '../dividends/model.js';
import type { CashMovement } from './report-executions.js';

/** The dividends side of the reports: each dividend paid, as the cash movements it made (the
 * gross amount, and the tax withheld from it when any). */
export function dividendCash(paid: DividendEntitlement): CashMovement[] {
  const time = paid.paidAt ?? 0;
  const about = `${paid.symbol} ${paid.perShare} per share on ${paid.quantity} (ex-date ${paid.exDate})`;
  const gross: CashMovement = {
    time,
    kind: 'Dividend',
    description: about,
    currency: paid.currency,
    amount: paid.gross,
  };
  if (paid.withheld === 0) return [gross];
  return [
    gross,
    {
      time,
      kind: 'Withholding tax',
      description: `${paid.country} tax withheld, ${about}`,
      currency: paid.currency,
      amount: -paid.withheld,
    },
  ];
}

import type { Account } from '../accounts/model.js';
import { accountReport, type Report } from './report.js';

/** What a tax voucher states: one dividend paid to the account and the tax withheld from it. */
export interface VoucherContent {
  requestId: string;
  symbol: string;
  securityDesc: string;
  isin: string;
  countryCode: string;
  currency: string;
  exDate: string;
  payDate: string;
  quantity: number;
  divAmount: number;
  withHeldAmount: number;
  fee: number;
  feeCurrency: string;
}

/** A tax voucher as a report (one table of one row), dated its pay date. */
export function taxVoucher(account: Account, voucher: VoucherContent, producedAt: number): Report {
  return accountReport(
    account,
    {
      kind: 'taxVoucher',
      title: `Tax voucher ${voucher.requestId}`,
      period: { from: voucher.exDate, to: voucher.payDate },
      producedAt,
    },
    [
      {
        title: `Dividend paid and tax withheld by ${voucher.countryCode}`,
        empty: 'No dividend.',
        columns: [
          { key: 'symbol', title: 'Symbol', kind: 'text', width: 0.08 },
          { key: 'securityDesc', title: 'Security', kind: 'text', width: 0.16 },
          { key: 'isin', title: 'ISIN', kind: 'text', width: 0.13 },
          { key: 'exDate', title: 'Ex-date', kind: 'text', width: 0.1 },
          { key: 'payDate', title: 'Paid', kind: 'text', width: 0.1 },
          { key: 'quantity', title: 'Shares', kind: 'number', width: 0.08 },
          { key: 'divAmount', title: 'Gross', kind: 'money', width: 0.1 },
          { key: 'withHeldAmount', title: 'Tax withheld', kind: 'money', width: 0.1 },
          { key: 'currency', title: 'Currency', kind: 'text', width: 0.07 },
          { key: 'fee', title: 'Voucher fee', kind: 'money', width: 0.08 },
        ],
        rows: [{ ...voucher, fee: voucher.fee }],
      },
    ],
  );
}

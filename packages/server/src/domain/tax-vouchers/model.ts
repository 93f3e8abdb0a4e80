/** Tax voucher requests as data. */

/** A country whose withheld dividend tax a voucher can be requested for. */
export interface VoucherCountry {
  country: string;
  countryCode: string;
  fee: number;
  currency: string;
  disabled: boolean;
}

/** One voucher request: a dividend paid to an account, made by one OAuth 2.0 client. Its state
 * is not kept: it follows from `createdAt` and the clock (`voucherState`). */
export interface VoucherRecord {
  requestId: string;
  clientId: string;
  custAcctId: string;
  corpactionId: string;
  createdAt: number;
  fee: number;
  feeCurrency: string;
  divAmount: number;
  withHeldAmount: number;
  quantity: number;
  countryCode: string;
  year: number;
  /** What the PDF shows of the dividend. */
  symbol: string;
  securityDesc: string;
  isin: string;
  currency: string;
  exDate: string;
  payDate: string;
}

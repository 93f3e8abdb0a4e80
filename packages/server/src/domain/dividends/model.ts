/** Dividends as data: the schedules the fixtures give, the dividends they and the control API
 * declare, and what each account is owed or was paid. */

/** A stock's recurring dividend (fixtures): the same amount on the same days of given months. */
export interface DividendSchedule {
  conid: number;
  isin: string;
  /** The issuer's country (ISO 3166 alpha-2): the country a tax voucher claims from. */
  country: string;
  /** Per share, in `currency`. */
  perShare: number;
  currency: string;
  /** Months (1-12) with an ex-date. */
  months: number[];
  exDay: number;
  declaredDaysBefore: number;
  payDaysAfter: number;
  /** Share of the gross amount the issuer's country withholds (0 to 1). */
  withholdingRate: number;
}

/** One dividend of one contract; days are `YYYY-MM-DD` (UTC). */
export interface Dividend {
  /** The corporate action's id: `<conid>-<ex-date YYYYMMDD>`. */
  id: string;
  conid: number;
  isin: string;
  country: string;
  perShare: number;
  currency: string;
  declaredDate: string;
  exDate: string;
  payDate: string;
  withholdingRate: number;
}

/** What one account is owed (accrued at the ex-date) or was paid (at the pay date) of one
 * dividend. Amounts to the cent in the dividend's currency; signed: a short position owes it. */
export interface DividendEntitlement {
  /** `<accountId>/<dividend id>`. */
  id: string;
  accountId: string;
  dividendId: string;
  conid: number;
  symbol: string;
  description: string;
  isin: string;
  country: string;
  currency: string;
  /** Shares held at the start of the ex-date. */
  quantity: number;
  perShare: number;
  exDate: string;
  payDate: string;
  gross: number;
  withheld: number;
  /** What reaches the cash: gross less withheld. */
  net: number;
  /** When it was paid (epoch ms); absent while accrued. */
  paidAt?: number;
}

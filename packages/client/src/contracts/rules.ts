import type { Schema } from '@brokerage/types';

export type ContractRules = Schema<'ContractRules'>;
export type AlgoParameter = Schema<'AlgoParameter'>;

/** The defaults of a new order ticket with the numbers the service sends as strings read. */
export interface NumericOrderDefaults {
  /** `tifDefaults.TIF`. */
  tif: string | undefined;
  /** `tifDefaults.SIZE` (`"100.00"`) as a number. */
  size: number | undefined;
  /** `tifDefaults.DEFAULT_ACCT`, sent to users with several accounts. */
  account: string | undefined;
  /** `orderDefaults.LMT.LP` as a number; `undefined` without market data. */
  limitPrice: number | undefined;
}

const numberOf = (text: string | undefined) => (text === undefined ? undefined : Number(text));

/** The order-ticket defaults of `getContractRules`, as numbers. */
export function orderTicketDefaults(rules: ContractRules): NumericOrderDefaults {
  return {
    tif: rules.tifDefaults?.TIF,
    size: numberOf(rules.tifDefaults?.SIZE),
    account: rules.tifDefaults?.DEFAULT_ACCT,
    limitPrice: numberOf(rules.orderDefaults?.LMT?.LP),
  };
}

/** Whether an algorithm's parameter must be given: the service sends `"true"` (a string), and
 * leaves `required` out for optional parameters. */
export const isRequiredParameter = (parameter: AlgoParameter): boolean =>
  parameter.required === 'true';

import type { paths, Schema } from '@brokerage/types';
import type { Client } from 'openapi-fetch';
import { BrokerageApiError, BrokerageError } from '../errors.js';

export type SecdefSearchResult = Schema<'SecdefSearchResult'>;
export type SecdefInfo = Schema<'SecdefInfo'>;
export type OptionStrikes = Schema<'OptionStrikes'>;

/** A stock found by symbol: its conid on the primary listing, and the months of its options. */
export interface StockContract {
  conid: number;
  symbol: string;
  companyName: string;
  /** Primary exchange. */
  exchange: string;
  /** Expiry months of the listed options, `MMMYY`, nearest first; empty without options. */
  optionMonths: string[];
}

/** The search found no stock with the symbol. */
export class ContractNotFoundError extends BrokerageError {
  constructor(
    operation: string,
    readonly query: string,
  ) {
    super(`No contract matches ${query}`, operation);
  }
}

/** The stock with `symbol` on its primary listing (the service lists it first), with its options
 * months. The search also makes the stock's options known to the session, which the strikes and
 * the option contracts need. Throws `ContractNotFoundError` when no stock has the symbol. */
export async function findStock(
  client: Client<paths>,
  symbol: string,
  signal?: AbortSignal,
): Promise<StockContract> {
  const { data, error, response } = await client.GET('/v1/api/iserver/secdef/search', {
    params: { query: { symbol, secType: 'STK' } },
    ...(signal ? { signal } : {}),
  });
  if (error !== undefined) throw new BrokerageApiError(response.status, 'searchContracts', error);
  const wanted = symbol.toUpperCase();
  const primary = data.find(
    (entry) =>
      entry.symbol === wanted &&
      (entry.sections ?? []).some((section) => section.secType === 'STK'),
  );
  if (!primary) throw new ContractNotFoundError('searchContracts', symbol);
  const months = primary.sections?.find((section) => section.secType === 'OPT')?.months;
  return {
    conid: Number(primary.conid),
    symbol: wanted,
    companyName: primary.companyName ?? wanted,
    exchange: primary.description ?? '',
    optionMonths: months ? months.split(';') : [],
  };
}

/** The strikes of the underlying's options expiring in `month` (`MMMYY`), calls and puts apart.
 * Search the underlying first in the session (`findStock`). */
export async function optionStrikes(
  client: Client<paths>,
  underlyingConid: number,
  month: string,
  signal?: AbortSignal,
): Promise<OptionStrikes> {
  const { data, error, response } = await client.GET('/v1/api/iserver/secdef/strikes', {
    params: { query: { conid: underlyingConid, sectype: 'OPT', month } },
    ...(signal ? { signal } : {}),
  });
  if (error !== undefined) throw new BrokerageApiError(response.status, 'getOptionStrikes', error);
  return data;
}

export interface OptionQuery {
  underlyingConid: number;
  /** `MMMYY`. */
  month: string;
  strike: number;
  right: 'C' | 'P';
  signal?: AbortSignal;
}

/** The option contract of the underlying with the month, strike and right (its conid, expiry
 * date, multiplier, ...). Search the underlying first in the session (`findStock`). Throws
 * `ContractNotFoundError` when the chain lists no such option. */
export async function optionContract(
  client: Client<paths>,
  query: OptionQuery,
): Promise<SecdefInfo> {
  const { underlyingConid, month, strike, right, signal } = query;
  const { data, error, response } = await client.GET('/v1/api/iserver/secdef/info', {
    params: { query: { conid: underlyingConid, sectype: 'OPT', month, strike, right } },
    ...(signal ? { signal } : {}),
  });
  if (error !== undefined) throw new BrokerageApiError(response.status, 'getSecdefInfo', error);
  const [contract] = data;
  if (!contract) {
    throw new ContractNotFoundError(
      'getSecdefInfo',
      `${underlyingConid} ${month} ${strike} ${right}`,
    );
  }
  return contract;
}

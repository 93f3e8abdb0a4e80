// Security definitions' search: stocks, indexes (with their futures) and bond issuers, by symbol
// or name; the underlyings found become known to the session.
import type { Schema } from '@brokerage/types';
import type { Session, Sessions } from '../accounts/sessions.js';
import type { Market } from '../market/market.js';
import type { InstrumentCatalogue } from '../market/model.js';
import { smartRouting } from '../market/option-chains.js';
import { optionExchanges } from './contract-info.js';
import { liveFutures, monthsOf, searched, unique } from './secdef.js';

type SearchResult = Schema<'SecdefSearchResult'>;

export interface SearchQuery {
  symbol: string;
  /** Search company names (and issuer names) for the text instead of symbols. */
  name?: boolean;
  secType?: 'STK' | 'IND' | 'BOND';
}

/** The placeholder conid the service gives a group of bond issuers (the largest int32). */
const bondGroupConid = '2147483647';

function stockResults(market: Market, noted: Set<number>, query: SearchQuery): SearchResult[] {
  const text = query.symbol.toUpperCase();
  const companies = market.catalogueData.stocks.filter((company) =>
    query.name ? company.name.toUpperCase().includes(text) : company.symbol === text,
  );
  return companies.flatMap((company) =>
    company.listings.map((listing) => {
      const options = market.optionsOf(listing.conid);
      if (options.length > 0) noted.add(listing.conid);
      const expiries = unique(options.map((option) => option.expiration ?? 0));
      return {
        conid: String(listing.conid),
        companyHeader: `${company.name} - ${listing.exchange}`,
        companyName: company.name,
        symbol: company.symbol,
        description: listing.exchange,
        restricted: null,
        fop: null,
        opt: expiries.length > 0 ? expiries.join(';') : null,
        war: null,
        sections: [
          { secType: 'STK' },
          ...(options.length > 0
            ? [
                {
                  secType: 'OPT',
                  months: monthsOf(options),
                  exchange: [smartRouting, ...optionExchanges].join(';'),
                },
              ]
            : []),
        ],
      };
    }),
  );
}

/** The futures of a chain that have not expired, nearest first. */
function indexResults(market: Market, noted: Set<number>, query: SearchQuery): SearchResult[] {
  const text = query.symbol.toUpperCase();
  return market.catalogueData.futures
    .filter((chain) => chain.symbol === text)
    .map((chain) => {
      noted.add(chain.underlyingConid);
      return {
        conid: String(chain.underlyingConid),
        companyHeader: `${chain.symbol} - ${chain.exchange}`,
        companyName: chain.symbol,
        symbol: chain.symbol,
        description: chain.exchange,
        restricted: null,
        fop: null,
        opt: null,
        war: null,
        sections: [
          { secType: 'IND', exchange: chain.exchange },
          {
            secType: 'FUT',
            months: monthsOf(liveFutures(market, chain)),
            exchange: chain.exchange,
          },
        ],
      };
    });
}

function bondResults(catalogue: InstrumentCatalogue, query: SearchQuery): SearchResult[] {
  const text = query.symbol.toUpperCase();
  const issuers = (catalogue.bondIssuers ?? []).filter(
    (issuer) => text === 'BOND' || issuer.name.toUpperCase().includes(text),
  );
  if (issuers.length === 0) return [];
  return [
    {
      issuers: issuers.map((issuer) => ({ id: issuer.issuerId, name: issuer.name })),
      bondid: issuers.length,
      conid: bondGroupConid,
      companyHeader: 'Corporate Fixed Income',
      companyName: null,
      symbol: null,
      description: null,
      restricted: null,
      fop: null,
      opt: null,
      war: null,
      sections: [{ secType: 'BOND' }],
    },
  ];
}

/** `/iserver/secdef/search`: the contracts matching a symbol (or a name), each with the kinds of
 * derivatives listed on it. Searching an underlying makes its derivatives known to the session. */
export function searchContracts(
  market: Market,
  sessions: Sessions,
  session: Session,
  query: SearchQuery,
): SearchResult[] {
  const noted = new Set<number>();
  const results =
    query.secType === 'BOND'
      ? bondResults(market.catalogueData, query)
      : query.secType === 'IND'
        ? indexResults(market, noted, query)
        : stockResults(market, noted, query);
  // Remembered on the session (bounded by the catalogue).
  const fresh = [...noted].filter((conid) => !searched(session, conid));
  if (fresh.length > 0) {
    sessions.update(session, { searchedUnderlyings: [...session.searchedUnderlyings, ...fresh] });
  }
  return results;
}

/** The underlying a derivative query names: the contract itself, or an option's underlying. */

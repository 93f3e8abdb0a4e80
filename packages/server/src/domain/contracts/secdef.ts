// Security definitions: search, strikes, contract info and bond filters.
// Over 300 lines: the four secdef operations share what a session has searched (a derivative's
// details need its underlying searched first) and how an underlying's derivatives are listed.
import type { Schema } from '@brokerage/types';
import type { Session, Sessions } from '../accounts/sessions.js';
import { badRequest } from '../kernel/errors.js';
import { monthLabel, type Market } from '../market/market.js';
import type { BondIssuer, FutureChain, Instrument, InstrumentCatalogue } from '../market/model.js';
import { smartRouting } from '../market/option-chains.js';
import {
  expiryMonthOf,
  optionExchanges,
  optionTitle,
  smartRouted,
  validExchangesOf,
} from './contract-info.js';
import { contractTexts } from './contract-texts.js';

type SearchResult = Schema<'SecdefSearchResult'>;
type SecdefInfo = Schema<'SecdefInfo'>;

export interface SearchQuery {
  symbol: string;
  /** Search company names (and issuer names) for the text instead of symbols. */
  name?: boolean;
  secType?: 'STK' | 'IND' | 'BOND';
}

/** The placeholder conid the service gives a group of bond issuers (the largest int32). */
const bondGroupConid = '2147483647';

const unique = <T>(values: T[]) => [...new Set(values)];

/** `JAN26;FEB26;...`: the distinct expiry months of contracts, in order. */
const monthsOf = (instruments: Instrument[]) =>
  unique(instruments.flatMap((instrument) => expiryMonthOf(instrument) ?? [])).join(';');

/** Whether the session searched the underlying, which makes its derivatives known to it. */
function searched(session: Session, underlyingConid: number): boolean {
  return session.searchedUnderlyings.includes(underlyingConid);
}

function requireSearched(session: Session, underlyingConid: number): void {
  if (!searched(session, underlyingConid)) {
    throw badRequest(contractTexts.searchFirst(underlyingConid));
  }
}

/** The underlying of a derivative of the catalogue: an option's, or a future's index. */
function derivativeUnderlying(market: Market, instrument: Instrument): number | undefined {
  if (instrument.option) return instrument.option.underlyingConid;
  if (instrument.secType !== 'FUT') return undefined;
  return market.catalogueData.futures.find((chain) =>
    chain.contracts.some((contract) => contract.conid === instrument.conid),
  )?.underlyingConid;
}

/** Whether the session may see the contract's market data: anything but a derivative, or a
 * derivative whose underlying the session searched (`/iserver/secdef/search`). */
export function knownToSession(market: Market, session: Session, instrument: Instrument): boolean {
  const underlying = derivativeUnderlying(market, instrument);
  return underlying === undefined || searched(session, underlying);
}

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
function liveFutures(market: Market, chain: FutureChain): Instrument[] {
  return chain.contracts
    .flatMap((contract) => market.instrument(contract.conid) ?? [])
    .filter((future) => !market.isExpired(future))
    .sort((a, b) => (a.expiration ?? 0) - (b.expiration ?? 0));
}

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
function underlyingOf(market: Market, conid: number): number {
  const instrument = market.instrument(conid);
  const chain = market.catalogueData.futures.find((futures) => futures.underlyingConid === conid);
  if (!instrument && !chain) throw badRequest(contractTexts.unknownContract(conid));
  return instrument?.option?.underlyingConid ?? conid;
}

export interface StrikesQuery {
  conid: number;
  sectype: string;
  month: string;
}

/** `/iserver/secdef/strikes`: the strikes of the underlying's options expiring in the month. */
export function strikesOf(market: Market, session: Session, query: StrikesQuery) {
  const underlying = underlyingOf(market, query.conid);
  requireSearched(session, underlying);
  const month = query.month.toUpperCase();
  const options =
    query.sectype === 'OPT'
      ? market.optionsOf(underlying).filter((option) => expiryMonthOf(option) === month)
      : [];
  const strikesFor = (right: 'C' | 'P') =>
    unique(options.filter((o) => o.option?.right === right).map((o) => o.option?.strike ?? 0)).sort(
      (a, b) => a - b,
    );
  return { call: strikesFor('C'), put: strikesFor('P') };
}

export interface SecdefInfoQuery {
  conid?: number;
  sectype?: string;
  month?: string;
  strike?: number;
  right?: 'C' | 'P';
  issuerId?: string;
}

function infoOf(catalogue: InstrumentCatalogue, instrument: Instrument): SecdefInfo {
  const option = instrument.option;
  return {
    conid: instrument.conid,
    ticker: instrument.symbol,
    secType: instrument.secType,
    listingExchange: instrument.exchange,
    exchange: smartRouted(catalogue, instrument) ? smartRouting : instrument.exchange,
    companyName: instrument.companyName,
    currency: instrument.currency,
    validExchanges: validExchangesOf(catalogue, instrument).join(','),
    priceRendering: null,
    maturityDate: instrument.expiration === undefined ? null : String(instrument.expiration),
    right: option?.right ?? '?',
    strike: option?.strike ?? 0,
    ...(instrument.secType === 'STK'
      ? {}
      : {
          multiplier: String(instrument.multiplier),
          tradingClass: instrument.symbol,
          desc1: instrument.symbol,
          desc2: option ? optionTitle(instrument) : monthLabel(instrument.expiration ?? 0),
        }),
  };
}

function bondInfo(issuer: BondIssuer): SecdefInfo[] {
  return issuer.bonds.map((bond) => ({
    conid: bond.conid,
    ticker: issuer.name.toUpperCase(),
    secType: 'BOND',
    listingExchange: smartRouting,
    exchange: smartRouting,
    companyName: issuer.name,
    currency: bond.currency,
    validExchanges: smartRouting,
    priceRendering: null,
    maturityDate: String(bond.maturityDate),
    right: '?',
    strike: 0,
    desc1: issuer.name.toUpperCase(),
    desc2: `${bond.coupon} ${String(bond.maturityDate).slice(4, 6)}/${String(bond.maturityDate).slice(6)}/${String(bond.maturityDate).slice(2, 4)}`,
  }));
}

function issuerOrFail(catalogue: InstrumentCatalogue, issuerId: string | undefined): BondIssuer {
  if (issuerId === undefined) throw badRequest(contractTexts.issuerNeeded);
  const issuer = (catalogue.bondIssuers ?? []).find((candidate) => candidate.issuerId === issuerId);
  if (!issuer) throw badRequest(contractTexts.unknownIssuer(issuerId));
  return issuer;
}

/** The derivatives of `sectype` on the underlying, for an underlying the session searched. */
function derivativesOf(market: Market, underlying: number, secType: string): Instrument[] {
  if (secType === 'OPT') return market.optionsOf(underlying);
  const chain = market.catalogueData.futures.find(
    (futures) =>
      futures.underlyingConid === underlying ||
      futures.contracts.some((contract) => contract.conid === underlying),
  );
  return secType === 'FUT' && chain ? liveFutures(market, chain) : [];
}

/** `/iserver/secdef/info`: the contracts a query names. A plain contract answers its own details;
 * a derivative query (`OPT`, `FUT`, ...) lists the underlying's contracts of that month, narrowed
 * by strike and right; `BOND` lists an issuer's bonds. */
export function secdefInfo(market: Market, session: Session, query: SecdefInfoQuery): SecdefInfo[] {
  const catalogue = market.catalogueData;
  const secType = query.sectype?.toUpperCase();
  if (secType === 'BOND') return bondInfo(issuerOrFail(catalogue, query.issuerId));
  if (query.conid === undefined) throw badRequest(contractTexts.conidNeeded);
  const conid = query.conid;
  const instrument = market.instrument(conid);
  if (instrument && (secType === undefined || secType === instrument.secType)) {
    return [infoOf(catalogue, instrument)];
  }
  const underlying = underlyingOf(market, conid);
  const derivativeType = secType ?? 'STK';
  if (query.month === undefined) throw badRequest(contractTexts.monthNeeded(derivativeType));
  requireSearched(session, underlying);
  const derivatives = derivativesOf(market, underlying, derivativeType);
  if (derivatives.length === 0)
    throw badRequest(contractTexts.noDerivatives(conid, derivativeType));
  const month = query.month.toUpperCase();
  return derivatives
    .filter(
      (derivative) =>
        expiryMonthOf(derivative) === month &&
        (query.strike === undefined || derivative.option?.strike === query.strike) &&
        (query.right === undefined || derivative.option?.right === query.right),
    )
    .map((derivative) => infoOf(catalogue, derivative));
}

const shortMonths = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
const shortMonthOf = (date: number) => shortMonths[(Math.floor(date / 100) % 100) - 1] ?? '';

/** `/iserver/secdef/bond-filters`: the values an issuer's bonds can be filtered by. */
export function bondFilters(
  catalogue: InstrumentCatalogue,
  issuerId: string,
): Schema<'BondFilters'> {
  const { bonds } = issuerOrFail(catalogue, issuerId);
  const sortedBy = <T>(values: T[], key: (value: T) => number) =>
    [...values].sort((a, b) => key(a) - key(b));
  const maturities = unique(
    sortedBy(bonds, (bond) => bond.maturityDate).map((bond) => Math.floor(bond.maturityDate / 100)),
  );
  const issues = unique(sortedBy(bonds, (bond) => bond.issueDate).map((bond) => bond.issueDate));
  return {
    bondFilters: [
      {
        displayText: 'Maturity Date',
        columnId: 27,
        options: maturities.map((month) => ({
          text: `${shortMonthOf(month * 100 + 1)} ${Math.floor(month / 100)}`,
          value: String(month),
        })),
      },
      {
        displayText: 'Issue Date',
        columnId: 28,
        options: issues.map((date) => ({
          text: `${shortMonthOf(date)} ${String(date % 100).padStart(2, '0')} ${Math.floor(date / 10000)}`,
          value: String(date),
        })),
      },
      {
        displayText: 'Coupon',
        columnId: 25,
        options: unique(
          sortedBy(bonds, (bond) => bond.coupon).map((bond) => String(bond.coupon)),
        ).map((value) => ({ value })),
      },
      {
        displayText: 'Currency',
        columnId: 5,
        options: unique(bonds.map((bond) => bond.currency))
          .sort()
          .map((value) => ({ value })),
      },
    ],
  };
}

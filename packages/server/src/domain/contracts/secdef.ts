// Security definitions: strikes, contract info and bond filters, and what a session's search
// (secdef-search.ts) makes known to it.
import type { Schema } from '@brokerage/types';
import type { Session } from '../accounts/sessions.js';
import { badRequest } from '../kernel/errors.js';
import { monthLabel, type Market } from '../market/market.js';
import type { BondIssuer, FutureChain, Instrument, InstrumentCatalogue } from '../market/model.js';
import { smartRouting } from '../market/option-chains.js';
import { expiryMonthOf, optionTitle, smartRouted, validExchangesOf } from './contract-info.js';
import { contractTexts } from './contract-texts.js';

type SecdefInfo = Schema<'SecdefInfo'>;

export const unique = <T>(values: T[]) => [...new Set(values)];

/** `JAN26;FEB26;...`: the distinct expiry months of contracts, in order. */
export const monthsOf = (instruments: Instrument[]) =>
  unique(instruments.flatMap((instrument) => expiryMonthOf(instrument) ?? [])).join(';');

/** Whether the session searched the underlying, which makes its derivatives known to it. */
export function searched(session: Session, underlyingConid: number): boolean {
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

export function liveFutures(market: Market, chain: FutureChain): Instrument[] {
  return chain.contracts
    .flatMap((contract) => market.instrument(contract.conid) ?? [])
    .filter((future) => !market.isExpired(future))
    .sort((a, b) => (a.expiration ?? 0) - (b.expiration ?? 0));
}

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

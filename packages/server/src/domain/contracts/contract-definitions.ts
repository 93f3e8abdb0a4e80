import type { Schema } from '@brokerage/types';
import { classificationOf } from './classification.js';
import type { Instrument, InstrumentCatalogue } from '../market/model.js';
import { priceIncrementRules } from './contract-rules.js';
import { htmlEncoded, stockListing } from './contracts.js';

/** Countries of the exchanges the catalogue lists on, for `countryCode`. */
const countryByExchange: Record<string, string> = { IBIS: 'DE', MEXI: 'MX', LSE: 'GB' };

/** The service's asset class of a contract: event contracts are options to it. */
export const assetClassOf = (instrument: Instrument) =>
  instrument.secType === 'EVENT' ? 'OPT' : instrument.secType;

/** The security definition of a contract, as `/trsrv/secdef` lists it and every cached position
 * row carries it: identity, underlying and option terms, then the definition proper. */
export function contractDefinition(
  catalogue: InstrumentCatalogue,
  instrument: Instrument,
): Schema<'SecurityDefinition'> {
  const listing = stockListing(catalogue, instrument.conid);
  const company = listing && catalogue.stocks.find((stock) => stock.symbol === instrument.symbol);
  const classification = classificationOf(instrument.symbol);
  const isUS = listing ? listing.isUS : instrument.currency === 'USD';
  const expiry = instrument.expiration === undefined ? null : String(instrument.expiration);
  return {
    conid: instrument.conid,
    currency: instrument.currency,
    assetClass: assetClassOf(instrument),
    expiry,
    putOrCall: instrument.option?.right ?? null,
    multiplier: instrument.secType === 'STK' ? 0 : instrument.multiplier,
    strike: String(instrument.option?.strike ?? 0),
    undConid: instrument.option?.underlyingConid ?? 0,
    incrementRules: priceIncrementRules(catalogue, instrument),
    displayRule: {
      magnification: 0,
      displayRuleStep: [{ decimalDigits: 2, lowerEdge: 0, wholeDigits: 4 }],
    },
    time: 0,
    chineseName: company?.chineseName ? htmlEncoded(company.chineseName) : null,
    allExchanges: instrument.exchange,
    listingExchange: instrument.exchange,
    countryCode: countryByExchange[instrument.exchange] ?? (isUS ? 'US' : ''),
    name: instrument.companyName,
    lastTradingDay: expiry,
    group: classification?.group ?? null,
    sector: classification?.sector ?? null,
    sectorGroup: classification?.sectorGroup ?? null,
    ticker: instrument.symbol,
    type: instrument.secType === 'STK' ? (company?.type ?? 'COMMON') : '',
    hasOptions: instrument.secType === 'STK' && isUS,
    fullName: instrument.description,
    isUS,
    isEventContract: instrument.secType === 'EVENT',
  };
}

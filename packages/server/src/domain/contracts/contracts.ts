import type { Schema } from '@brokerage/types';
import { badRequest } from '../kernel/errors.js';
import { contractTexts } from './contract-texts.js';
import { yyyymmdd, type Market } from '../market/market.js';
import type { Instrument, InstrumentCatalogue, StockListing } from '../market/model.js';

/** The instrument with this conid, or 400 `Contract <conid> not found`. */
export function contractOrFail(market: Market, conid: number): Instrument {
  const instrument = market.instrument(conid);
  if (!instrument) throw badRequest(contractTexts.unknownContract(conid));
  return instrument;
}

/** The stock listing with this conid, if it is one. */
export function stockListing(
  catalogue: InstrumentCatalogue,
  conid: number,
): StockListing | undefined {
  for (const company of catalogue.stocks) {
    const listing = company.listings.find((candidate) => candidate.conid === conid);
    if (listing) return listing;
  }
  return undefined;
}

/** Every character outside ASCII as an HTML numeric character reference, as real payloads carry it. */
export function htmlEncoded(text: string): string {
  return [...text]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      return code < 0x80 ? char : `&#x${code.toString(16).toUpperCase()};`;
    })
    .join('');
}

/** One key per requested symbol: the companies with that symbol, each with its listings. */
export function stocksBySymbols(
  catalogue: InstrumentCatalogue,
  symbols: string[],
): Schema<'StocksBySymbol'> {
  return Object.fromEntries(
    symbols.map((symbol) => [
      symbol,
      catalogue.stocks
        .filter((company) => company.symbol === symbol)
        .map((company) => ({
          name: company.name,
          chineseName: company.chineseName === null ? null : htmlEncoded(company.chineseName),
          assetClass: 'STK' as const,
          contracts: company.listings.map(({ conid, exchange, isUS }) => ({
            conid,
            exchange,
            isUS,
          })),
        })),
    ]),
  );
}

const dayMs = 24 * 60 * 60_000;

function epochOf(date: number): number {
  return Date.UTC(Math.floor(date / 10000), (Math.floor(date / 100) % 100) - 1, date % 100);
}

/** The weekday before a YYYYMMDD date, as YYYYMMDD. */
export function previousBusinessDay(date: number): number {
  let time = epochOf(date) - dayMs;
  for (let weekday = new Date(time).getUTCDay(); weekday === 0 || weekday === 6;) {
    time -= dayMs;
    weekday = new Date(time).getUTCDay();
  }
  return yyyymmdd(time);
}

/** One key per requested symbol: its futures not expired on the market's clock (and listed on
 * `exchange` when given), nearest first. Trading ends, and positions must be rolled or closed,
 * the business day before expiration. */
export function futuresBySymbols(
  market: Market,
  symbols: string[],
  exchange?: string,
): Schema<'FuturesBySymbol'> {
  const { futures } = market.catalogueData;
  return Object.fromEntries(
    symbols.map((symbol) => [
      symbol,
      futures
        .filter((chain) => chain.symbol === symbol)
        .flatMap((chain) =>
          chain.contracts
            .filter((contract) => {
              const instrument = market.instrument(contract.conid);
              return (
                instrument !== undefined &&
                !market.isExpired(instrument) &&
                (exchange === undefined || instrument.exchange === exchange.toUpperCase())
              );
            })
            .map((contract) => {
              const ltd = previousBusinessDay(contract.expirationDate);
              return {
                symbol,
                conid: contract.conid,
                underlyingConid: chain.underlyingConid,
                expirationDate: contract.expirationDate,
                ltd,
                shortFuturesCutOff: ltd,
                longFuturesCutOff: ltd,
              };
            }),
        )
        .sort((a, b) => a.expirationDate - b.expirationDate),
    ]),
  );
}

/** Every pair `currency` takes part in, either side, with the other currency as `ccyPair`. */
export function currencyPairsOf(
  catalogue: InstrumentCatalogue,
  currency: string,
): Schema<'CurrencyPairs'> {
  const pairs = catalogue.currencyPairs.flatMap(({ symbol, conid }) => {
    const [base, quote] = symbol.split('.');
    if (base === currency && quote) return [{ symbol, conid, ccyPair: quote }];
    if (quote === currency && base) return [{ symbol, conid, ccyPair: base }];
    return [];
  });
  return { [currency]: pairs };
}

/** `/iserver/exchangerate`: units of `target` one unit of `source` buys, to 8 decimals, from the
 * same conversion every valuation uses; 400 when the currency pairs do not join the two. */
export function exchangeRate(
  market: Market,
  source: string,
  target: string,
): Schema<'ExchangeRate'> {
  try {
    return { rate: Number(market.rate(source, target).toFixed(8)) };
  } catch (error) {
    if (error instanceof RangeError)
      throw badRequest(contractTexts.unknownCurrency(source, target));
    throw error;
  }
}

/** `/trsrv/all-conids`: the stock listings of an exchange (other asset classes have none here). */
export function exchangeContracts(
  catalogue: InstrumentCatalogue,
  exchange: string,
  assetClass = 'STK',
): Schema<'ExchangeContract'>[] {
  if (assetClass.toUpperCase() !== 'STK') return [];
  const wanted = exchange.toUpperCase();
  return catalogue.stocks.flatMap((company) =>
    company.listings
      .filter((listing) => listing.exchange === wanted)
      .map((listing) => ({
        ticker: company.symbol,
        conid: listing.conid,
        exchange: listing.exchange,
      })),
  );
}

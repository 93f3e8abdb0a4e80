import type { Schema } from '@brokerage/types';
import { badRequest } from '../kernel/errors.js';
import type { EventContractStrike, EventMarket, InstrumentCatalogue } from '../market/model.js';

/** One yes/no question of an event market, found by either of its two conids. */
export interface EventContract {
  market: EventMarket;
  strike: EventContractStrike;
  side: 'Y' | 'N';
}

export function findEventContract(
  catalogue: InstrumentCatalogue,
  conid: number,
): EventContract | undefined {
  for (const market of catalogue.eventContracts) {
    for (const strike of market.contracts) {
      if (strike.conidYes === conid) return { market, strike, side: 'Y' };
      if (strike.conidNo === conid) return { market, strike, side: 'N' };
    }
  }
  return undefined;
}

/** The event contract with this conid, or 400 when it is unknown or not an event contract. */
export function eventContractOrFail(catalogue: InstrumentCatalogue, conid: number): EventContract {
  const found = findEventContract(catalogue, conid);
  if (!found) throw badRequest(`Contract ${conid} is not an event contract`);
  return found;
}

const dollars = (amount: number) => `$${amount.toFixed(2)}`;

/** The market's question with the strike named: the fixture phrases it with "the strike". */
function questionOf({ market, strike }: EventContract): string {
  return market.description.replace('the strike', strike.strikeLabel);
}

export function eventContractRules(contract: EventContract): Schema<'EventContractRules'> {
  const { market, strike } = contract;
  return {
    asset_class: market.assetClass,
    description: market.description,
    market_name: market.marketName,
    measured_period: market.measuredPeriod,
    threshold: String(strike.strike),
    source_agency: market.sourceAgency,
    data_and_resolution_link: market.dataAndResolutionLink,
    last_trade_time: strike.lastTradeTime,
    product_code: market.productCode,
    market_rules_link: market.marketRulesLink,
    release_time: strike.releaseTime,
    payout_time: strike.payoutTime,
    payout: dollars(market.payout),
    price_increment: dollars(market.priceIncrement),
    exchange_timezone: market.exchangeTimezone,
  };
}

export function eventContractDetails(contract: EventContract): Schema<'EventContractDetails'> {
  const { market, strike, side } = contract;
  return {
    conid_yes: strike.conidYes,
    conid_no: strike.conidNo,
    question: questionOf(contract),
    side,
    strike_label: strike.strikeLabel,
    strike: strike.strike,
    exchange: market.exchange,
    expiration: String(strike.expiration),
    symbol: market.symbol,
    category: market.category,
    logo_category: market.logoCategory,
    measured_period: market.measuredPeriod,
    market_name: market.marketName,
    underlying_conid: market.underlyingConid,
    payout: market.payout,
  };
}

import type { Schema } from '@brokerage/types';
import { badRequest } from '../kernel/errors.js';
import { hoursOf } from '../market/exchange-hours.js';
import type { EventContractStrike, EventMarket, InstrumentCatalogue } from '../market/model.js';
import { contractTexts } from './contract-texts.js';

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

/** Category ids in the service's style (`g` and digits), ours: by position in the catalogue. */
const categoryId = (index: number) => `g${5000 + index}`;

/** `/forecast/category/tree`: every category of the catalogue's event markets, each market under
 * the sub-category of its logo category, which sits under its category. */
export function eventCategoryTree(catalogue: InstrumentCatalogue): Schema<'EventCategoryTree'> {
  const categories: Schema<'EventCategoryTree'>['categories'] = {};
  const ids = new Map<string, string>();
  const idOf = (key: string) => {
    let id = ids.get(key);
    if (id === undefined) {
      id = categoryId(ids.size);
      ids.set(key, id);
    }
    return id;
  };
  for (const market of catalogue.eventContracts) {
    const parent = idOf(market.category);
    categories[parent] ??= { name: market.category };
    const child = idOf(`${market.category}/${market.logoCategory}`);
    const node = (categories[child] ??= {
      name: market.logoCategory,
      parent_id: parent,
      markets: [],
    });
    node.markets?.push({
      name: market.marketName,
      symbol: market.symbol,
      exchange: market.exchange,
      conid: market.underlyingConid,
    });
  }
  return { categories };
}

/** The event market whose underlying is `underlyingConid`, or 400. */
export function eventMarketOrFail(
  catalogue: InstrumentCatalogue,
  underlyingConid: number,
): EventMarket {
  const market = catalogue.eventContracts.find(
    (candidate) => candidate.underlyingConid === underlyingConid,
  );
  if (!market) throw badRequest(contractTexts.unknownEventMarket(underlyingConid));
  return market;
}

const dotted = (date: number) =>
  `${Math.floor(date / 10000)}.${String(Math.floor(date / 100) % 100).padStart(2, '0')}.${String(date % 100).padStart(2, '0')}`;

/** `/forecast/contract/market`: a market and its contracts, a yes and a no per strike. */
export function eventMarketView(market: EventMarket): Schema<'EventMarketContracts'> {
  return {
    market_name: market.marketName,
    exchange: market.exchange,
    symbol: market.symbol,
    logo_category: market.logoCategory,
    exclude_historical_data: false,
    payout: market.payout,
    contracts: market.contracts.flatMap((strike) =>
      (
        [
          ['Y', strike.conidYes],
          ['N', strike.conidNo],
        ] as const
      ).map(([side, conid]) => ({
        conid,
        side,
        expiration: String(strike.expiration),
        strike: strike.strike,
        strike_label: strike.strikeLabel,
        expiry_label: market.measuredPeriod,
        underlying_conid: market.underlyingConid,
        time_specifier: dotted(strike.expiration),
      })),
    ),
  };
}

/** The days of the week the simulation trades, Monday to Friday (as `isTradingDay`). */
const tradingWeekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;

/** `h:mm AM` of minutes from midnight; the end of the day is the day's last minute. */
function clockTime(minutes: number): string {
  const minute = Math.min(minutes, 1439);
  const hour = Math.floor(minute / 60);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** `/forecast/contract/schedules`: the market's trading times per day of the week it trades. */
export function eventSchedules(contract: EventContract): Schema<'EventContractSchedules'> {
  const { extended } = hoursOf(contract.market.exchange);
  return {
    timezone: contract.market.exchangeTimezone,
    trading_schedules: tradingWeekdays.map((day_of_week) => ({
      day_of_week,
      trading_times: [{ open: clockTime(extended[0]), close: clockTime(extended[1]) }],
    })),
  };
}

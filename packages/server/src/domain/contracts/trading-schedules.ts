import type { Schema } from '@brokerage/types';
import {
  dayAt,
  dayOfIndex,
  hoursOf,
  isTradingDay,
  type ExchangeHours,
  type TradingDay,
} from '../market/exchange-hours.js';
import { yyyymmdd, type Market } from '../market/market.js';
import type { Instrument } from '../market/model.js';
import { smartRouting } from '../market/option-chains.js';

/** Calendar days a schedule covers, from the exchange's current local day. */
export const scheduleDays = 7;

/** The exchanges the schedules name, with the service-style parameter and venue ids (ours). */
const exchangeNames: Record<string, string> = {
  NASDAQ: 'NASDAQ',
  NYSE: 'New York Stock Exchange',
  ARCA: 'NYSE Arca',
  MEXI: 'Mexican Stock Exchange',
  IBIS: 'XETRA',
  CME: 'Chicago Mercantile Exchange',
  IDEALPRO: 'IDEAL Forex',
  FORECASTX: 'ForecastEx',
  [smartRouting]: 'Smart routing of US options',
};
const exchangeIndex = new Map(Object.keys(exchangeNames).map((name, index) => [name, index]));

/** The exchange's local days from today on, `scheduleDays` of them. */
function daysAhead(hours: ExchangeHours, now: number): TradingDay[] {
  const today = dayAt(hours, now).index;
  return Array.from({ length: scheduleDays }, (_, offset) => dayOfIndex(hours, today + offset));
}

/** YYYYMMDD of a local day (its index counts days since 1970-01-01). */
const dateOf = (day: TradingDay) => yyyymmdd(day.index * 86_400_000);
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
const seconds = (epochMs: number) => Math.floor(epochMs / 1000);

/** The exchanges a symbol of an asset class is listed on, in catalogue order. */
function exchangesOf(market: Market, assetClass: string, symbol: string): string[] {
  const { stocks, futures, currencyPairs } = market.catalogueData;
  const listings = stocks
    .filter((company) => company.symbol === symbol)
    .flatMap((company) => company.listings);
  switch (assetClass) {
    case 'STK':
      return listings.map((listing) => listing.exchange);
    case 'OPT':
      return listings.some((listing) => market.optionsOf(listing.conid).length > 0)
        ? [smartRouting]
        : [];
    case 'FUT':
      return futures.filter((chain) => chain.symbol === symbol).map((chain) => chain.exchange);
    case 'SWP':
      return currencyPairs.some((pair) => pair.symbol === symbol) ? ['IDEALPRO'] : [];
    default:
      return [];
  }
}

export interface ScheduleQuery {
  assetClass: string;
  symbol: string;
  exchange?: string;
  exchangeFilter?: string;
}

/** `/trsrv/secdef/schedule`: per exchange the symbol trades on, its sessions for the coming days
 * in local `HHmm` times: the whole trading time, and the regular (liquid) session. */
export function symbolSchedules(
  market: Market,
  query: ScheduleQuery,
  now: number,
): Schema<'ExchangeSchedule'>[] {
  const wanted = query.exchangeFilter?.toUpperCase().split(',');
  return [...new Set(exchangesOf(market, query.assetClass, query.symbol.toUpperCase()))]
    .filter(
      (exchange) =>
        (query.exchange === undefined || query.exchange.toUpperCase() === exchange) &&
        (wanted === undefined || wanted.includes(exchange)),
    )
    .map((exchange) => {
      const hours = hoursOf(exchange);
      const index = exchangeIndex.get(exchange) ?? exchangeIndex.size;
      return {
        id: `p${101 + index}`,
        tradeVenueId: `v${201 + index}`,
        exchange,
        description: exchangeNames[exchange] ?? exchange,
        timezone: hours.timeZone,
        schedules: daysAhead(hours, now).map((day) => {
          const trading = isTradingDay(day);
          return {
            clearingCycleEndTime: trading ? hhmm(hours.extended[1] % 1440) : '0000',
            tradingScheduleDate: String(dateOf(day)),
            sessions: trading
              ? [
                  {
                    openingTime: hhmm(hours.regular[0]),
                    closingTime: hhmm(hours.regular[1]),
                    prop: 'LIQUID',
                  },
                ]
              : [],
            tradingtimes: trading
              ? [
                  {
                    openingTime: hhmm(hours.extended[0]),
                    closingTime: hhmm(hours.extended[1]),
                    cancelDayOrders: 'Y',
                  },
                ]
              : [],
          };
        }),
      };
    });
}

/** `/contract/trading-schedule`: the contract's trading days of the coming days, keyed by date,
 * each with its whole trading time and its regular (liquid) session in epoch seconds. */
export function contractSchedule(
  instrument: Instrument,
  exchange: string | undefined,
  now: number,
): Schema<'ContractTradingSchedule'> {
  const hours = hoursOf(exchange?.toUpperCase() ?? instrument.exchange);
  const schedules = Object.fromEntries(
    daysAhead(hours, now)
      .filter(isTradingDay)
      .map((day) => [
        String(dateOf(day)),
        {
          extended_hours: [
            {
              cancel_daily_orders: true,
              closing: seconds(day.extendedClose),
              opening: seconds(day.extendedOpen),
            },
          ],
          liquid_hours: [{ closing: seconds(day.regularClose), opening: seconds(day.regularOpen) }],
        },
      ]),
  );
  return { exchange_time_zone: hours.timeZone, schedules };
}

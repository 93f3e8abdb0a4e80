import { instrumentsOf, type Market } from '../market/market.js';
import type { Account, Position } from './model.js';
import type { Instrument, InstrumentCatalogue } from '../market/model.js';
import { roundTo } from '../kernel/money.js';

/** What an account holds in one currency, valued in that currency. */
export interface CurrencyValues {
  currency: string;
  cash: number;
  stockMarketValue: number;
  /** Notional value of futures positions (their P&L, not their notional, counts toward net liquidation). */
  futureMarketValue: number;
  optionMarketValue: number;
  /** Profit and loss of futures positions: what they add to net liquidation. */
  futuresPnl: number;
  unrealizedPnl: number;
  /** Change of the positions' value since the previous close. */
  dailyPnl: number;
  realizedPnl: number;
  /** Dividends owed (past their ex-date, not yet paid): part of the net liquidation value. */
  dividends: number;
  netLiquidation: number;
  /** Value of one unit of this currency in the account's base currency. */
  exchangeRate: number;
}

/** An account valued from its cash, positions and the simulated prices, in its base currency. */
export interface AccountValues {
  baseCurrency: string;
  byCurrency: CurrencyValues[];
  /** Every currency converted to the base currency and added up. */
  total: CurrencyValues;
  grossPositionValue: number;
  initialMargin: number;
  maintenanceMargin: number;
  equityWithLoan: number;
  availableFunds: number;
  excessLiquidity: number;
  buyingPower: number;
  /** Segment split of the base totals: securities (stocks, options, cash) and commodities (futures). */
  segments: { securities: SegmentValues; commodities: SegmentValues };
}

export interface SegmentValues {
  netLiquidation: number;
  initialMargin: number;
  maintenanceMargin: number;
  cash: number;
  grossPositionValue: number;
  /** Change of the segment's positions' value since the previous close. */
  dailyPnl: number;
}

/** Regulation T margin on long stock, and exchange-style margin on futures notional. */
export const marginRates = {
  stockInitial: 0.5,
  stockMaintenance: 0.25,
  futureInitial: 0.06,
  futureMaintenance: 0.05,
};

const closesByCatalogue = new WeakMap<InstrumentCatalogue, Map<number, number>>();

/** The price an instrument closed at on the previous day: the catalogue's price, which the
 * simulated market starts from; undefined when the instrument has no market data. */
export function previousClose(market: Market, conid: number): number | undefined {
  const catalogue = market.catalogueData;
  let closes = closesByCatalogue.get(catalogue);
  if (!closes) {
    closes = new Map();
    for (const { instrument, price } of instrumentsOf(catalogue)) {
      if (price !== null) closes.set(instrument.conid, price);
    }
    closesByCatalogue.set(catalogue, closes);
  }
  return closes.get(conid);
}

export function isCashAccount(account: Account): boolean {
  return account.tradingType.endsWith('CASH');
}

/** What a BUY order may cost an account (docs/decisions/service/orders-funds-buying-power.md): a cash
 * account its available funds (its cash, less what its positions need), a margin account its
 * buying power, the figure its summary reports. */
export function purchaseLimit(account: Account, values: AccountValues): number {
  return isCashAccount(account) ? values.availableFunds : values.buyingPower;
}

/** One position valued at the simulated price (its average cost when the instrument has no
 * market data), in the instrument's currency, unrounded. */
export interface PositionValue {
  instrument: Instrument;
  price: number;
  /** Size × price × multiplier: the market value (for futures, the notional). */
  marketValue: number;
  unrealizedPnl: number;
  /** Change of the position's value since the previous close. */
  dailyPnl: number;
}

/** The position's value, or undefined for an unknown instrument or a closed position. The one
 * place a position is valued: account values, ledgers and position views all read it. */
export function valuePosition(position: Position, market: Market): PositionValue | undefined {
  const instrument = market.instrument(position.conid);
  if (!instrument || position.quantity === 0) return undefined;
  const price = market.price(position.conid) ?? position.averageCost;
  const units = position.quantity * instrument.multiplier;
  return {
    instrument,
    price,
    marketValue: units * price,
    unrealizedPnl: units * (price - position.averageCost),
    dailyPnl: units * (price - (previousClose(market, position.conid) ?? price)),
  };
}

export function valueAccount(account: Account, market: Market): AccountValues {
  const base = account.baseCurrency;
  const currencies = new Set<string>([
    base,
    ...Object.keys(account.cash),
    ...Object.keys(account.dividendsReceivable ?? {}),
  ]);
  const rows = new Map<string, CurrencyValues>();
  const row = (currency: string): CurrencyValues => {
    let entry = rows.get(currency);
    if (!entry) {
      entry = {
        currency,
        cash: account.cash[currency] ?? 0,
        stockMarketValue: 0,
        futureMarketValue: 0,
        optionMarketValue: 0,
        futuresPnl: 0,
        unrealizedPnl: 0,
        dailyPnl: 0,
        realizedPnl: account.realizedPnl?.[currency] ?? 0,
        dividends: account.dividendsReceivable?.[currency] ?? 0,
        netLiquidation: 0,
        exchangeRate: market.rate(currency, base),
      };
      rows.set(currency, entry);
    }
    return entry;
  };
  for (const currency of currencies) row(currency);

  let stockInitial = 0;
  let stockMaintenance = 0;
  let futureInitial = 0;
  let futureMaintenance = 0;
  let securitiesGross = 0;
  let commoditiesGross = 0;
  let commoditiesPnl = 0;
  let securitiesDaily = 0;
  let commoditiesDaily = 0;
  for (const position of account.positions) {
    const valued = valuePosition(position, market);
    if (!valued) continue;
    const { instrument, marketValue: notional, unrealizedPnl: pnl, dailyPnl: daily } = valued;
    const entry = row(instrument.currency);
    entry.unrealizedPnl += pnl;
    entry.dailyPnl += daily;
    const inBase = Math.abs(notional) * entry.exchangeRate;
    if (instrument.secType === 'FUT') {
      entry.futureMarketValue += notional;
      futureInitial += inBase * marginRates.futureInitial;
      futureMaintenance += inBase * marginRates.futureMaintenance;
      commoditiesGross += inBase;
      commoditiesPnl += pnl * entry.exchangeRate;
      commoditiesDaily += daily * entry.exchangeRate;
      entry.futuresPnl += pnl;
    } else {
      if (instrument.secType === 'OPT' || instrument.secType === 'EVENT')
        entry.optionMarketValue += notional;
      else entry.stockMarketValue += notional;
      stockInitial += inBase * marginRates.stockInitial;
      stockMaintenance += inBase * marginRates.stockMaintenance;
      securitiesGross += inBase;
      securitiesDaily += daily * entry.exchangeRate;
    }
  }

  const byCurrency = [...rows.values()].map((entry) => ({
    ...entry,
    netLiquidation: roundTo(
      entry.cash +
        entry.stockMarketValue +
        entry.optionMarketValue +
        entry.futuresPnl +
        entry.dividends,
      2,
    ),
    stockMarketValue: roundTo(entry.stockMarketValue, 2),
    futureMarketValue: roundTo(entry.futureMarketValue, 2),
    optionMarketValue: roundTo(entry.optionMarketValue, 2),
    futuresPnl: roundTo(entry.futuresPnl, 2),
    unrealizedPnl: roundTo(entry.unrealizedPnl, 2),
    dailyPnl: roundTo(entry.dailyPnl, 2),
  }));
  const sum = (pick: (entry: CurrencyValues) => number) =>
    roundTo(
      byCurrency.reduce((total, entry) => total + pick(entry) * entry.exchangeRate, 0),
      2,
    );
  const total: CurrencyValues = {
    currency: 'BASE',
    cash: sum((entry) => entry.cash),
    stockMarketValue: sum((entry) => entry.stockMarketValue),
    futureMarketValue: sum((entry) => entry.futureMarketValue),
    optionMarketValue: sum((entry) => entry.optionMarketValue),
    futuresPnl: sum((entry) => entry.futuresPnl),
    unrealizedPnl: sum((entry) => entry.unrealizedPnl),
    dailyPnl: sum((entry) => entry.dailyPnl),
    realizedPnl: sum((entry) => entry.realizedPnl),
    dividends: sum((entry) => entry.dividends),
    netLiquidation: sum((entry) => entry.netLiquidation),
    exchangeRate: 1,
  };
  const initialMargin = roundTo(stockInitial + futureInitial, 2);
  const maintenanceMargin = roundTo(stockMaintenance + futureMaintenance, 2);
  const equityWithLoan = total.netLiquidation;
  const availableFunds = roundTo(equityWithLoan - initialMargin, 2);
  const securitiesNet = roundTo(total.netLiquidation - commoditiesPnl, 2);
  return {
    baseCurrency: base,
    byCurrency,
    total,
    grossPositionValue: roundTo(securitiesGross + commoditiesGross, 2),
    initialMargin,
    maintenanceMargin,
    equityWithLoan,
    availableFunds,
    excessLiquidity: roundTo(equityWithLoan - maintenanceMargin, 2),
    buyingPower: roundTo(Math.max(0, availableFunds) * (isCashAccount(account) ? 1 : 4), 2),
    segments: {
      securities: {
        netLiquidation: securitiesNet,
        initialMargin: roundTo(stockInitial, 2),
        maintenanceMargin: roundTo(stockMaintenance, 2),
        cash: total.cash,
        grossPositionValue: roundTo(securitiesGross, 2),
        dailyPnl: roundTo(securitiesDaily, 2),
      },
      commodities: {
        netLiquidation: roundTo(commoditiesPnl, 2),
        initialMargin: roundTo(futureInitial, 2),
        maintenanceMargin: roundTo(futureMaintenance, 2),
        cash: 0,
        grossPositionValue: roundTo(commoditiesGross, 2),
        dailyPnl: roundTo(commoditiesDaily, 2),
      },
    },
  };
}

import { instrumentsOf, type Market } from '../market/market.js';
import type { Account, Position } from './model.js';
import type { Instrument, InstrumentCatalogue } from '../market/model.js';

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

const round = (value: number) => Math.round(value * 100) / 100;

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

/** What a BUY order may cost an account (docs/decisions/orders-funds-buying-power.md): a cash
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
  const currencies = new Set<string>([base, ...Object.keys(account.cash)]);
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
    netLiquidation: round(
      entry.cash + entry.stockMarketValue + entry.optionMarketValue + entry.futuresPnl,
    ),
    stockMarketValue: round(entry.stockMarketValue),
    futureMarketValue: round(entry.futureMarketValue),
    optionMarketValue: round(entry.optionMarketValue),
    futuresPnl: round(entry.futuresPnl),
    unrealizedPnl: round(entry.unrealizedPnl),
    dailyPnl: round(entry.dailyPnl),
  }));
  const sum = (pick: (entry: CurrencyValues) => number) =>
    round(byCurrency.reduce((total, entry) => total + pick(entry) * entry.exchangeRate, 0));
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
    netLiquidation: sum((entry) => entry.netLiquidation),
    exchangeRate: 1,
  };
  const initialMargin = round(stockInitial + futureInitial);
  const maintenanceMargin = round(stockMaintenance + futureMaintenance);
  const equityWithLoan = total.netLiquidation;
  const availableFunds = round(equityWithLoan - initialMargin);
  const securitiesNet = round(total.netLiquidation - commoditiesPnl);
  return {
    baseCurrency: base,
    byCurrency,
    total,
    grossPositionValue: round(securitiesGross + commoditiesGross),
    initialMargin,
    maintenanceMargin,
    equityWithLoan,
    availableFunds,
    excessLiquidity: round(equityWithLoan - maintenanceMargin),
    buyingPower: round(Math.max(0, availableFunds) * (isCashAccount(account) ? 1 : 4)),
    segments: {
      securities: {
        netLiquidation: securitiesNet,
        initialMargin: round(stockInitial),
        maintenanceMargin: round(stockMaintenance),
        cash: total.cash,
        grossPositionValue: round(securitiesGross),
        dailyPnl: round(securitiesDaily),
      },
      commodities: {
        netLiquidation: round(commoditiesPnl),
        initialMargin: round(futureInitial),
        maintenanceMargin: round(futureMaintenance),
        cash: 0,
        grossPositionValue: round(commoditiesGross),
        dailyPnl: round(commoditiesDaily),
      },
    },
  };
}

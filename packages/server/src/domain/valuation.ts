import type { Market } from './market.js';
import type { Account } from './model.js';

/** What an account holds in one currency, valued in that currency. */
export interface CurrencyValues {
  currency: string;
  cash: number;
  stockMarketValue: number;
  /** Notional value of futures positions (their P&L, not their notional, counts toward net liquidation). */
  futureMarketValue: number;
  optionMarketValue: number;
  unrealizedPnl: number;
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
  segments: {
    securities: { netLiquidation: number; initialMargin: number; maintenanceMargin: number; cash: number; grossPositionValue: number };
    commodities: { netLiquidation: number; initialMargin: number; maintenanceMargin: number; cash: number; grossPositionValue: number };
  };
}

/** Regulation T margin on long stock, and exchange-style margin on futures notional. */
export const marginRates = {
  stockInitial: 0.5,
  stockMaintenance: 0.25,
  futureInitial: 0.06,
  futureMaintenance: 0.05,
};

const round = (value: number) => Math.round(value * 100) / 100;

export function isCashAccount(account: Account): boolean {
  return account.tradingType.endsWith('CASH');
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
        unrealizedPnl: 0,
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
  const futuresPnl = new Map<string, number>();
  for (const position of account.positions) {
    const instrument = market.instrument(position.conid);
    if (!instrument || position.quantity === 0) continue;
    const price = market.price(position.conid) ?? position.averageCost;
    const entry = row(instrument.currency);
    const notional = position.quantity * price * instrument.multiplier;
    const pnl = position.quantity * (price - position.averageCost) * instrument.multiplier;
    entry.unrealizedPnl += pnl;
    const inBase = Math.abs(notional) * entry.exchangeRate;
    if (instrument.secType === 'FUT') {
      entry.futureMarketValue += notional;
      futureInitial += inBase * marginRates.futureInitial;
      futureMaintenance += inBase * marginRates.futureMaintenance;
      commoditiesGross += inBase;
      commoditiesPnl += pnl * entry.exchangeRate;
      futuresPnl.set(instrument.currency, (futuresPnl.get(instrument.currency) ?? 0) + pnl);
    } else {
      if (instrument.secType === 'OPT' || instrument.secType === 'EVENT') entry.optionMarketValue += notional;
      else entry.stockMarketValue += notional;
      stockInitial += inBase * marginRates.stockInitial;
      stockMaintenance += inBase * marginRates.stockMaintenance;
      securitiesGross += inBase;
    }
  }

  const byCurrency = [...rows.values()].map((entry) => ({
    ...entry,
    netLiquidation: round(
      entry.cash + entry.stockMarketValue + entry.optionMarketValue + (futuresPnl.get(entry.currency) ?? 0),
    ),
    unrealizedPnl: round(entry.unrealizedPnl),
  }));
  const sum = (pick: (entry: CurrencyValues) => number) =>
    round(byCurrency.reduce((total, entry) => total + pick(entry) * entry.exchangeRate, 0));
  const total: CurrencyValues = {
    currency: 'BASE',
    cash: sum((entry) => entry.cash),
    stockMarketValue: sum((entry) => entry.stockMarketValue),
    futureMarketValue: sum((entry) => entry.futureMarketValue),
    optionMarketValue: sum((entry) => entry.optionMarketValue),
    unrealizedPnl: sum((entry) => entry.unrealizedPnl),
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
      },
      commodities: {
        netLiquidation: round(commoditiesPnl),
        initialMargin: round(futureInitial),
        maintenanceMargin: round(futureMaintenance),
        cash: 0,
        grossPositionValue: round(commoditiesGross),
      },
    },
  };
}

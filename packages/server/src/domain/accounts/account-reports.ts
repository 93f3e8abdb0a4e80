import type { Schema } from '@brokerage/types';
import type { AccountValues, CurrencyValues, SegmentValues } from './valuation.js';

/** The account figures of the summary operations and the ledger, shaped from one valuation
 * (`valueAccount`), so that every operation answers the same numbers. */

const round = (value: number) => Math.round(value * 100) / 100;

/** Label of the base-currency total line, as real payloads write it. */
export const totalLabel = (values: AccountValues) => `Total (in ${values.baseCurrency})`;

/** Pattern day trader rule: margin accounts below this net liquidation value get 3 day trades. */
export const patternDayTraderEquity = 25_000;

type SegmentName = 'total' | 'securities' | 'commodities';

/** The total and each segment, shaped alike; the total is the segments' sum (to the cent). */
function mapSegments<T>(
  values: AccountValues,
  shape: (segment: SegmentValues, name: SegmentName) => T,
) {
  const total: SegmentValues = {
    netLiquidation: values.total.netLiquidation,
    initialMargin: values.initialMargin,
    maintenanceMargin: values.maintenanceMargin,
    cash: values.total.cash,
    grossPositionValue: values.grossPositionValue,
    dailyPnl: values.total.dailyPnl,
  };
  return {
    total: shape(total, 'total'),
    securities: shape(values.segments.securities, 'securities'),
    commodities: shape(values.segments.commodities, 'commodities'),
  };
}

function byCurrencyCode(values: AccountValues): CurrencyValues[] {
  return [...values.byCurrency].sort((a, b) => a.currency.localeCompare(b.currency));
}

export function accountSummary(
  values: AccountValues,
  accountType: string,
): Schema<'AccountSummary'> {
  const { total } = values;
  return {
    accountType,
    status: '',
    currency: values.baseCurrency,
    balance: total.cash,
    SMA: values.availableFunds,
    buyingPower: values.buyingPower,
    availableFunds: values.availableFunds,
    excessLiquidity: values.excessLiquidity,
    netLiquidationValue: total.netLiquidation,
    equityWithLoanValue: values.equityWithLoan,
    regTLoan: round(Math.max(0, -total.cash)),
    securitiesGVP: values.segments.securities.grossPositionValue,
    totalCashValue: total.cash,
    accruedInterest: 0,
    regTMargin: values.segments.securities.initialMargin,
    initialMargin: values.initialMargin,
    maintenanceMargin: values.maintenanceMargin,
    cashBalances: [
      ...byCurrencyCode(values).map((entry) => ({
        currency: entry.currency,
        balance: entry.cash,
        settledCash: entry.cash,
      })),
      { currency: totalLabel(values), balance: total.cash, settledCash: total.cash },
    ],
  };
}

export function accountBalances(values: AccountValues): Schema<'AccountBalances'> {
  return {
    currency: values.baseCurrency,
    ...mapSegments(values, (segment) => ({
      net_liquidation: segment.netLiquidation,
      net_liquidation_uncertainty: 0,
      equity_with_loan: segment.netLiquidation,
      previous_day_equity_with_loan: round(segment.netLiquidation - segment.dailyPnl),
      regt_equity_with_loan: segment.netLiquidation,
      sec_gross_pos_val: segment.grossPositionValue,
      cash: segment.cash,
      mtd_interest: 0,
      pending_debit_card_charges: 0,
    })),
  };
}

export function accountMargins(values: AccountValues): Schema<'AccountMargins'> {
  return {
    currency: values.baseCurrency,
    ...mapSegments(values, (segment, name) => ({
      // Regulation T applies to securities only.
      ...(name === 'commodities' ? {} : { regt_margin: values.segments.securities.initialMargin }),
      current_initial: segment.initialMargin,
      current_maint: segment.maintenanceMargin,
      projected_post_expiry_margin: 0,
      projected_look_ahead_initial_margin: segment.initialMargin,
      projected_look_ahead_maint_margin: segment.maintenanceMargin,
      projected_overnight_initial_margin: segment.initialMargin,
      projected_overnight_maint_margin: segment.maintenanceMargin,
    })),
  };
}

function marketValueEntry(entry: CurrencyValues): Schema<'MarketValueEntry'> {
  return {
    total_cash: entry.cash,
    settled_cash: entry.cash,
    mtd_interest: 0,
    stock: entry.stockMarketValue,
    options: entry.optionMarketValue,
    futures: entry.futuresPnl,
    future_options: 0,
    funds: 0,
    dividends_receivable: 0,
    mutual_funds: 0,
    money_market: 0,
    bonds: 0,
    govt_bonds: 0,
    t_bills: 0,
    warrants: 0,
    issuer_option: 0,
    commodity: 0,
    cfd: 0,
    cryptocurrency: 0,
    net_liquidation: entry.netLiquidation,
    unrealized_pnl: entry.unrealizedPnl,
    realized_pnl: entry.realizedPnl,
    exchange_rate: entry.exchangeRate,
  };
}

export function accountMarketValue(values: AccountValues): Schema<'AccountMarketValue'> {
  return Object.fromEntries([
    ...byCurrencyCode(values).map((entry) => [entry.currency, marketValueEntry(entry)] as const),
    [totalLabel(values), marketValueEntry(values.total)] as const,
  ]);
}

export function accountAvailableFunds(
  values: AccountValues,
  cashAccount: boolean,
): Schema<'AccountAvailableFunds'> {
  const netLiquidation = values.total.netLiquidation;
  const dayTradesLeft = cashAccount || netLiquidation >= patternDayTraderEquity ? null : 3;
  return {
    currency: values.baseCurrency,
    ...mapSegments(values, (segment, name) => {
      const available = round(segment.netLiquidation - segment.initialMargin);
      const excess = round(segment.netLiquidation - segment.maintenanceMargin);
      return {
        current_available: available,
        current_excess: excess,
        projected_post_expiry_excess: 0,
        look_ahead_available_funds: available,
        look_ahead_excess_liquidity: excess,
        overnight_available: available,
        overnight_excess: excess,
        ...(name === 'commodities'
          ? {}
          : {
              buying_power: values.buyingPower,
              leverage:
                netLiquidation > 0 ? round(segment.grossPositionValue / netLiquidation) : null,
              day_trades_left: dayTradesLeft,
            }),
        ...(name === 'total' ? { look_ahead_next_change: null } : {}),
      };
    }),
  };
}

/** One account's row of the partitioned profit and loss. */
export function pnlEntry(values: AccountValues): Schema<'PnlEntry'> {
  return {
    rowType: 1,
    dpl: values.total.dailyPnl,
    nl: values.total.netLiquidation,
    upl: values.total.unrealizedPnl,
    el: values.excessLiquidity,
    mv: round(values.total.netLiquidation - values.total.cash),
  };
}

function ledgerEntry(
  accountId: string,
  entry: CurrencyValues,
  timestamp: number,
): Schema<'LedgerEntry'> {
  return {
    commoditymarketvalue: 0,
    futuremarketvalue: entry.futureMarketValue,
    settledcash: entry.cash,
    exchangerate: entry.exchangeRate,
    sessionid: 1,
    cashbalance: entry.cash,
    corporatebondsmarketvalue: 0,
    warrantsmarketvalue: 0,
    netliquidationvalue: entry.netLiquidation,
    interest: 0,
    unrealizedpnl: entry.unrealizedPnl,
    stockmarketvalue: entry.stockMarketValue,
    moneyfunds: 0,
    currency: entry.currency,
    realizedpnl: entry.realizedPnl,
    funds: 0,
    acctcode: accountId,
    issueroptionsmarketvalue: 0,
    key: 'LedgerList',
    timestamp,
    severity: 0,
    stockoptionmarketvalue: entry.optionMarketValue,
    futuresonlypnl: entry.futuresPnl,
    tbondsmarketvalue: 0,
    futureoptionmarketvalue: 0,
    cashbalancefxsegment: 0,
    secondkey: entry.currency,
    tbillsmarketvalue: 0,
    dividends: 0,
  };
}

/** The ledger: one entry per currency the account holds, and `BASE`, the total in the base currency. */
export function ledger(
  accountId: string,
  values: AccountValues,
  epochSeconds: number,
): Schema<'Ledger'> {
  return {
    ...Object.fromEntries(
      byCurrencyCode(values).map((entry) => [
        entry.currency,
        ledgerEntry(accountId, entry, epochSeconds),
      ]),
    ),
    BASE: { ...ledgerEntry(accountId, values.total, epochSeconds), endofbundle: 1 },
  };
}

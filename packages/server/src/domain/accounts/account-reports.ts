import type { Schema } from '@brokerage/types';
import {
  formatDayTrades,
  formatMoney,
  formatRate,
  formatRatio,
  formatWhole,
} from './amount-format.js';
import type { AccountValues, CurrencyValues, SegmentValues } from './valuation.js';
import { roundTo } from '../kernel/money.js';

/** The account figures of the summary operations and the ledger, shaped from one valuation
 * (`valueAccount`), so that every operation answers the same numbers. The per-segment reports
 * and the market value are sent as the service sends them, formatted strings under its own keys
 * (`amount-format.ts` holds the formats). */

/** Label of the base-currency total line, as real payloads write it. */
export const totalLabel = (values: AccountValues) => `Total (in ${values.baseCurrency})`;

/** Pattern day trader rule: margin accounts below this net liquidation value get 3 day trades. */
export const patternDayTraderEquity = 25_000;
const patternDayTrades = 3;

/** The segments the service reports, keyed as it keys them; the reference server simulates no
 * cryptocurrency, so `Crypto at Paxos` is all zeros, as the service sends it to such accounts. */
type SegmentName = 'total' | 'securities' | 'commodities' | 'Crypto at Paxos';

const noSegment: SegmentValues = {
  netLiquidation: 0,
  initialMargin: 0,
  maintenanceMargin: 0,
  cash: 0,
  grossPositionValue: 0,
  dailyPnl: 0,
};

/** The total and each segment, shaped alike; the total is the segments' sum (to the cent). */
function mapSegments<T>(
  values: AccountValues,
  shape: (segment: SegmentValues, name: SegmentName) => T,
): Record<SegmentName, T> {
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
    'Crypto at Paxos': shape(noSegment, 'Crypto at Paxos'),
    commodities: shape(values.segments.commodities, 'commodities'),
    securities: shape(values.segments.securities, 'securities'),
  };
}

/** Whether the service sends a segment's securities-only keys (Regulation T, gross position). */
const carriesSecurities = (name: SegmentName) => name === 'total' || name === 'securities';

function byCurrencyCode(values: AccountValues): CurrencyValues[] {
  return [...values.byCurrency].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** The summary: numbers, as the service sends them here (unlike the per-segment reports). */
export function accountSummary(
  values: AccountValues,
  accountType: string,
): Schema<'AccountSummary'> {
  const { total } = values;
  return {
    accountType,
    status: '',
    balance: total.cash,
    SMA: values.availableFunds,
    buyingPower: values.buyingPower,
    availableFunds: values.availableFunds,
    excessLiquidity: values.excessLiquidity,
    netLiquidationValue: total.netLiquidation,
    equityWithLoanValue: values.equityWithLoan,
    regTLoan: roundTo(Math.max(0, -total.cash), 2),
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

/** Amounts of the per-segment reports, formatted in the account's base currency. */
const moneyOf = (values: AccountValues) => (value: number) =>
  formatMoney(value, values.baseCurrency);

export function accountBalances(values: AccountValues): Schema<'AccountBalances'> {
  const money = moneyOf(values);
  return mapSegments(values, (segment, name): Schema<'AccountBalancesSegment'> => {
    const netLiquidation = money(segment.netLiquidation);
    const common = {
      'MTD Interest': money(0),
      'Pndng Dbt Crd Chrgs': money(0),
    };
    if (!carriesSecurities(name)) {
      return {
        net_liquidation: netLiquidation,
        equity_with_loan: netLiquidation,
        cash: money(segment.cash),
        ...common,
      };
    }
    return {
      net_liquidation: netLiquidation,
      ...(name === 'total' ? { 'Nt Lqdtn Uncrtnty': money(0) } : {}),
      equity_with_loan: netLiquidation,
      'Prvs Dy Eqty Wth Ln Vl': money(segment.netLiquidation - segment.dailyPnl),
      'Rg T Eqty Wth Ln Vl': netLiquidation,
      sec_gross_pos_val: money(segment.grossPositionValue),
      cash: money(segment.cash),
      ...common,
    };
  });
}

export function accountMargins(values: AccountValues): Schema<'AccountMargins'> {
  const money = moneyOf(values);
  return mapSegments(values, (segment, name): Schema<'AccountMarginsSegment'> => {
    const initial = money(segment.initialMargin);
    const maintenance = money(segment.maintenanceMargin);
    return {
      // Regulation T applies to securities only.
      ...(carriesSecurities(name)
        ? { 'RegT Margin': money(values.segments.securities.initialMargin) }
        : {}),
      current_initial: initial,
      'Prdctd Pst-xpry Mrgn @ Opn': money(0),
      current_maint: maintenance,
      projected_liquidity_inital_margin: initial,
      'Prjctd Lk Ahd Mntnnc Mrgn': maintenance,
      projected_overnight_initial_margin: initial,
      'Prjctd Ovrnght Mntnnc Mrgn': maintenance,
    };
  });
}

function marketValueEntry(entry: CurrencyValues): Schema<'MarketValueEntry'> {
  const zero = formatWhole(0);
  return {
    total_cash: formatWhole(entry.cash),
    settled_cash: formatWhole(entry.cash),
    'MTD Interest': zero,
    stock: formatWhole(entry.stockMarketValue),
    options: formatWhole(entry.optionMarketValue),
    futures: formatWhole(entry.futuresPnl),
    future_options: zero,
    funds: zero,
    dividends_receivable: formatWhole(entry.dividends),
    mutual_funds: zero,
    money_market: zero,
    bonds: zero,
    'Govt Bonds': zero,
    t_bills: zero,
    warrants: zero,
    issuer_option: zero,
    commodity: zero,
    'Notional CFD': zero,
    cfd: zero,
    Cryptocurrency: zero,
    net_liquidation: formatWhole(entry.netLiquidation),
    unrealized_pnl: formatWhole(entry.unrealizedPnl),
    realized_pnl: formatWhole(entry.realizedPnl),
    'Exchange Rate': formatRate(entry.exchangeRate),
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
  const money = moneyOf(values);
  const netLiquidation = values.total.netLiquidation;
  const dayTradesLeft =
    cashAccount || netLiquidation >= patternDayTraderEquity ? undefined : patternDayTrades;
  return mapSegments(values, (segment, name): Schema<'AvailableFundsSegment'> => {
    const available = money(segment.netLiquidation - segment.initialMargin);
    const excess = money(segment.netLiquidation - segment.maintenanceMargin);
    const sma = carriesSecurities(name) ? { SMA: money(values.availableFunds) } : {};
    const leverage = formatRatio(
      netLiquidation > 0 ? segment.grossPositionValue / netLiquidation : undefined,
    );
    return {
      current_available: available,
      current_excess: excess,
      'Prdctd Pst-xpry Excss': money(0),
      ...sma,
      'Lk Ahd Avlbl Fnds': available,
      'Lk Ahd Excss Lqdty': excess,
      overnight_available: available,
      overnight_excess: excess,
      ...(name === 'total'
        ? {
            buying_power: money(values.buyingPower),
            leverage,
            day_trades_left: formatDayTrades(dayTradesLeft),
          }
        : {}),
      ...(name === 'securities' ? { leverage } : {}),
    };
  });
}

/** One account's row of the partitioned profit and loss. */
export function pnlEntry(values: AccountValues): Schema<'PnlEntry'> {
  return {
    rowType: 1,
    dpl: values.total.dailyPnl,
    nl: values.total.netLiquidation,
    upl: values.total.unrealizedPnl,
    el: values.excessLiquidity,
    mv: roundTo(values.total.netLiquidation - values.total.cash, 2),
  };
}

function ledgerEntry(
  accountId: string,
  entry: CurrencyValues,
  timestamp: number,
): Schema<'LedgerEntry'> {
  return {
    commoditymarketvalue: 0,
    cryptocurrencyvalue: 0,
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
    dividends: entry.dividends,
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

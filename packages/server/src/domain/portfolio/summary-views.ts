import type { Schema } from '@brokerage/types';
import { patternDayTraderEquity } from '../accounts/account-reports.js';
import type { Account } from '../accounts/model.js';
import { isCashAccount, type AccountValues, type SegmentValues } from '../accounts/valuation.js';
import { roundTo } from '../kernel/money.js';

type SummaryValue = Schema<'PortfolioSummaryValue'>;

/** Money figures of one part of the account: the total or a segment. */
interface Figures {
  netLiquidation: number;
  cash: number;
  initialMargin: number;
  maintenanceMargin: number;
  /** Dividends owed: securities only (commodities pay none). */
  dividends: number;
}

const figuresOf = (segment: SegmentValues, dividends: number): Figures => ({
  netLiquidation: segment.netLiquidation,
  cash: segment.cash,
  initialMargin: segment.initialMargin,
  maintenanceMargin: segment.maintenanceMargin,
  dividends,
});

/** The money keys that come as a total and per segment (`-c`, `-s`), from a part's figures. */
const segmentedMoney: Record<string, (part: Figures) => number> = {
  accruedcash: () => 0,
  accrueddividend: (part) => part.dividends,
  availablefunds: (part) => part.netLiquidation - part.initialMargin,
  availabletotrade: (part) => part.netLiquidation - part.initialMargin,
  availabletowithdraw: (part) => Math.min(part.cash, part.netLiquidation - part.initialMargin),
  billable: () => 0,
  equitywithloanvalue: (part) => part.netLiquidation,
  excessliquidity: (part) => part.netLiquidation - part.maintenanceMargin,
  fullavailablefunds: (part) => part.netLiquidation - part.initialMargin,
  fullexcessliquidity: (part) => part.netLiquidation - part.maintenanceMargin,
  fullinitmarginreq: (part) => part.initialMargin,
  fullmaintmarginreq: (part) => part.maintenanceMargin,
  guarantee: () => 0,
  indianstockhaircut: () => 0,
  initmarginreq: (part) => part.initialMargin,
  lookaheadavailablefunds: (part) => part.netLiquidation - part.initialMargin,
  lookaheadexcessliquidity: (part) => part.netLiquidation - part.maintenanceMargin,
  lookaheadinitmarginreq: (part) => part.initialMargin,
  lookaheadmaintmarginreq: (part) => part.maintenanceMargin,
  maintmarginreq: (part) => part.maintenanceMargin,
  netliquidation: (part) => part.netLiquidation,
  pasharesvalue: () => 0,
  physicalcertificatevalue: () => 0,
  postexpirationexcess: () => 0,
  postexpirationmargin: () => 0,
  totalcashvalue: (part) => part.cash,
  totaldebitcardpendingcharges: () => 0,
};

/** The portfolio summary of an account (`PortfolioSummary`), from its values at `epochSeconds`
 * (the service's unit here, as its ledger's): the same figures as the ledger and the account
 * summaries, one `{amount, currency, ...}` per key. */
export function portfolioSummary(
  account: Account,
  values: AccountValues,
  epochSeconds: number,
): Schema<'PortfolioSummary'> {
  const money = (amount: number): SummaryValue => ({
    amount: roundTo(amount, 2),
    currency: values.baseCurrency,
    isNull: false,
    timestamp: epochSeconds,
    value: null,
    severity: 0,
  });
  const text = (value: string): SummaryValue => ({
    amount: 0,
    currency: null,
    isNull: false,
    timestamp: epochSeconds,
    value,
    severity: 0,
  });
  const total: Figures = {
    netLiquidation: values.total.netLiquidation,
    cash: values.total.cash,
    initialMargin: values.initialMargin,
    maintenanceMargin: values.maintenanceMargin,
    dividends: values.total.dividends,
  };
  const securities = figuresOf(values.segments.securities, values.total.dividends);
  const commodities = figuresOf(values.segments.commodities, 0);
  const { netLiquidation } = total;
  const securitiesGross = values.segments.securities.grossPositionValue;
  const previousEquity = netLiquidation - values.total.dailyPnl;
  const dayTrades = isCashAccount(account) || netLiquidation >= patternDayTraderEquity ? '-1' : '3';
  const entries: [string, SummaryValue][] = [
    ...Object.entries(segmentedMoney).flatMap(([key, figure]): [string, SummaryValue][] => [
      [key, money(figure(total))],
      [`${key}-c`, money(figure(commodities))],
      [`${key}-s`, money(figure(securities))],
    ]),
    ['buyingpower', money(values.buyingPower)],
    ['grosspositionvalue', money(values.grossPositionValue)],
    ['grosspositionvalue-s', money(securitiesGross)],
    ['netliquidationuncertainty', money(0)],
    ['previousdayequitywithloanvalue', money(previousEquity)],
    ['previousdayequitywithloanvalue-s', money(previousEquity)],
    ['regtequity', money(securities.netLiquidation)],
    ['regtequity-s', money(securities.netLiquidation)],
    ['regtmargin', money(securities.initialMargin)],
    ['regtmargin-s', money(securities.initialMargin)],
    ['sma', money(values.availableFunds)],
    ['sma-s', money(values.availableFunds)],
    ['accountcode', text(account.id)],
    ['accountready', text('true')],
    ['accounttype', text(account.type)],
    ['columnprio-c', text('2')],
    ['columnprio-s', text('1')],
    [
      'cushion',
      text(netLiquidation > 0 ? String(roundTo(values.excessLiquidity / netLiquidation, 2)) : '0'),
    ],
    ['daytradesremaining', text(dayTrades)],
    ['daytradesremainingt+1', text(dayTrades)],
    ['daytradesremainingt+2', text(dayTrades)],
    ['daytradesremainingt+3', text(dayTrades)],
    ['daytradesremainingt+4', text(dayTrades)],
    ['depositoncredithold', text('null')],
    ['highestseverity', text('null')],
    [
      'leverage-s',
      text(netLiquidation > 0 ? String(roundTo(securitiesGross / netLiquidation, 2)) : '0.0'),
    ],
    ['lookaheadnextchange', text('0')],
    ['nlvandmargininreview', text('false')],
    ['segmenttitle-c', text('US Commodities')],
    ['segmenttitle-s', text('US Securities')],
    ['tradingtype-s', text(account.tradingType)],
    ['whatifpmenabled', text('false')],
  ];
  return Object.fromEntries(entries) as Schema<'PortfolioSummary'>;
}

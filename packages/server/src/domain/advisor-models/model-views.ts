import type { Schema } from '@brokerage/types';
import type { Account } from '../accounts/model.js';
import type { InvestmentModel, ModelPresets } from './records.js';
import { olderSortFields } from './older-names.js';
import { tolerancePoints, type ModelValuation, type PositionValuation } from './advisor-models.js';
import { cents, roundTo } from '../kernel/money.js';

/** Amounts as the service sends them: decimal strings with two decimals. */
const amount = (value: number) => value.toFixed(2);
/** Percentages and rates: as short as they go (`60`, `59.93`). */
const short = (value: number, digits = 2) => String(roundTo(value, digits));

export const modelSummaryView = (
  model: InvestmentModel,
  valuation: ModelValuation,
): Schema<'ModelSummary'> => ({
  bootstrapped: true,
  customIndex: false,
  desc: model.desc,
  isStatic: model.isStatic,
  mismatch: valuation.mismatched,
  model: model.name,
  nlv: amount(valuation.nlv),
  numAccounts: valuation.accounts.length,
});

/** The summary of one model, as its own answer. */
export const singleModelView = (
  model: InvestmentModel,
  valuation: ModelValuation,
  reqID: number,
): Schema<'ModelSummary'> => ({
  ...modelSummaryView(model, valuation),
  reqID,
  subscriptionStatus: 1,
});

export const modelListView = (
  master: Account,
  models: { model: InvestmentModel; valuation: ModelValuation }[],
  reqID: number,
): Schema<'ModelList'> => ({
  baseCcy: master.baseCurrency,
  masterAccount: master.id,
  models: models.map(({ model, valuation }) => modelSummaryView(model, valuation)),
  reqID,
  subscriptionStatus: 1,
});

/** A row as the simulation builds it: every field set (the service may leave some out). */
type PositionRow = Required<NonNullable<Schema<'ModelPositions'>['positionList']>[number]>;

const positionRow = (position: PositionValuation): PositionRow => ({
  actual: short(position.actual),
  actualRangeMax: 'None',
  actualRangeMin: 'None',
  ccy: position.instrument.currency,
  conid: position.conid,
  dlv: cents(position.value),
  exchangeRate: '1',
  flags: 0,
  instrumentImbalance: short(position.actual - position.target),
  instrument: position.instrument.symbol,
  mismatchType: Math.abs(position.actual - position.target) > tolerancePoints ? 1 : 0,
  mv: cents(position.value),
  position: roundTo(position.units, 4),
  target: short(position.target),
});

export interface PositionsQuery {
  sortField?: string;
  sortDirection?: 'ASC' | 'DESC';
  limit?: number;
}

export function modelPositionsView(
  model: InvestmentModel,
  valuation: ModelValuation,
  query: PositionsQuery,
  reqID: number,
  now: number,
): Schema<'ModelPositions'> {
  const rows = valuation.positions.map(positionRow);
  if (query.sortField !== undefined) {
    const field = (olderSortFields[query.sortField as keyof typeof olderSortFields] ??
      query.sortField) as keyof PositionRow;
    const direction = query.sortDirection === 'DESC' ? -1 : 1;
    const key = (row: PositionRow) => {
      const value = row[field];
      return typeof value === 'number' || !Number.isNaN(Number(value)) ? Number(value) : value;
    };
    rows.sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return (x < y ? -1 : x > y ? 1 : 0) * direction;
    });
  }
  const totalMv = valuation.positions.reduce((total, p) => total + p.value, 0);
  const { cash } = valuation;
  return {
    cash: [
      {
        actual: short(cash.actual),
        ccy: valuation.currency,
        exchangeRate: '1',
        instrumentImbalance: short(cash.actual - cash.target),
        mv: cents(cash.value),
        target: short(cash.target),
      },
    ],
    mismatched: valuation.mismatched,
    model: model.name,
    nlv: cents(valuation.nlv),
    positionList: rows.slice(0, query.limit ?? rows.length),
    positionTs: now,
    reqID,
    stkOnly: true,
    subscriptionStatus: 1,
    totalDlv: cents(totalMv),
    totalMv: cents(totalMv),
  };
}

/** Each invested account's part, then the `TOTAL` row in the master's currency. */
export function modelAccountsView(
  model: InvestmentModel,
  valuation: ModelValuation,
  independentCash: (account: Account) => number,
  reqID: number,
): Schema<'ModelAccountsDetails'> {
  const rows = valuation.accounts.map((part) => ({
    account: part.account.id,
    accountImbalance: short(part.imbalance, 6),
    alias: part.account.alias,
    baseCcyAccount: part.account.baseCurrency,
    costBasis: amount(part.cost),
    exchangeRate: part.rate,
    cashInIndependent: amount(independentCash(part.account)),
    nlv: amount(part.value),
    numInstrumentsOutsideRange: part.outsideRange,
    unrealizedPnL: amount(part.unitsValue - part.cost),
  }));
  const sum = (of: (part: ModelValuation['accounts'][number]) => number) =>
    valuation.accounts.reduce((total, part) => total + of(part) * part.rate, 0);
  return {
    accountInfoList: [
      ...rows,
      {
        account: 'TOTAL',
        accountImbalance: '0',
        alias: 'None',
        baseCcyAccount: valuation.currency,
        costBasis: amount(sum((part) => part.cost)),
        exchangeRate: 1,
        cashInIndependent: amount(sum((part) => independentCash(part.account))),
        nlv: amount(valuation.nlv),
        numInstrumentsOutsideRange: 0,
        unrealizedPnL: amount(sum((part) => part.unitsValue - part.cost)),
      },
    ],
    baseCcyMaster: valuation.currency,
    model: model.name,
    reqID,
  };
}

export interface AccountParts {
  account: Account;
  rate: number;
  nlv: number;
  /** The account's cash and positions' value, in its base currency. */
  cash: number;
  positionsValue: number;
  thisModel: number;
  otherModels: number;
  modelsCash: number;
  modelsUnitsValue: number;
}

export const investedAccountsView = (
  model: InvestmentModel,
  currency: string,
  parts: AccountParts[],
  reqID: number,
): Schema<'ModelInvestedAccounts'> => ({
  accountList: parts.map((part) => ({
    account: part.account.id,
    accountModelNlv: amount(part.thisModel),
    accountOtherModelsNlv: amount(part.otherModels),
    alias: part.account.alias,
    baseCcyAccount: part.account.baseCurrency,
    baseCcyAccountPrecision: '0.01',
    exchangeRate: part.rate,
    cashInIndependentNlv: amount(part.cash - part.modelsCash),
    positionsInIndependentNlv: amount(part.positionsValue - part.modelsUnitsValue),
    nlv: amount(part.nlv),
  })),
  baseCcyMaster: currency,
  baseCcyMasterPrecision: '0.01',
  model: model.name,
  reqID,
  subscriptionStatus: 1,
});

export const modelPresetsView = (presets: ModelPresets, reqID: number): Schema<'ModelPresets'> => ({
  ...presets,
  reqID,
  subscriptionStatus: 1,
});

export const modelSavedView = (reqID: number): Schema<'ModelSaved'> => ({ reqID, success: true });

export const modelPresetsSavedView = (reqID: number): Schema<'ModelPresetsSaved'> => ({
  error: 'None',
  reqID,
  subscriptionStatus: 1,
  success: true,
});

export const modelInvestedView = (reqID: number): Schema<'ModelInvestAnswer'> => ({
  reqID: String(reqID),
  subscriptionKey: String(reqID),
  subscriptionStatus: 0,
});

import type { Account, User } from '../domain/accounts/model.js';
import { subAccountsOf } from '../domain/accounts/allocation-groups.js';
import { valueAccount } from '../domain/accounts/valuation.js';
import {
  investedAccountsView,
  modelAccountsView,
  modelInvestedView,
  modelListView,
  modelPositionsView,
  modelPresetsSavedView,
  modelPresetsView,
  modelSavedView,
  singleModelView,
} from '../domain/advisor-models/model-views.js';
import { presetChangeOf } from '../domain/advisor-models/older-names.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

type ModelOperation =
  | 'listModels'
  | 'getModelSummary'
  | 'getModelPositions'
  | 'getModelAccounts'
  | 'getModelInvestedAccounts'
  | 'saveModel'
  | 'investInModel'
  | 'submitModelTransfers'
  | 'getModelPresets'
  | 'saveModelPresets';

export const tradingFaModelPortfoliosHandlers = ({
  brokerage,
  advisorModels: models,
}: HandlerContext): HandlerGroup<ModelOperation> => {
  const requestIdOf = (body: { reqID?: number; reqId?: number }) =>
    models.requestId(body.reqID ?? body.reqId);
  /** The account's cash outside every model of the advisor, in its base currency. */
  const independentCash = (user: User) => (account: Account) =>
    valueAccount(account, brokerage.market).total.cash -
    models.modelParts(user, account).reduce((total, part) => total + part.cash, 0);

  return {
    listModels: ({ session, body }) => {
      const user = brokerage.userOf(session);
      return modelListView(
        models.master(user),
        models.list(user).map((model) => ({ model, valuation: models.valuation(user, model) })),
        requestIdOf(body),
      );
    },
    getModelSummary: ({ session, body }) => {
      const user = brokerage.userOf(session);
      const model = models.model(user, body.model);
      return singleModelView(model, models.valuation(user, model), requestIdOf(body));
    },
    getModelPositions: ({ session, body }) => {
      const user = brokerage.userOf(session);
      const model = models.model(user, body.model);
      return modelPositionsView(
        model,
        models.valuation(user, model),
        {
          ...(body.sortField === undefined ? {} : { sortField: body.sortField }),
          ...(body.sortDirection === undefined ? {} : { sortDirection: body.sortDirection }),
          ...(body.limit === undefined ? {} : { limit: body.limit }),
        },
        requestIdOf(body),
        brokerage.clock.now(),
      );
    },
    getModelAccounts: ({ session, body }) => {
      const user = brokerage.userOf(session);
      const model = models.model(user, body.model);
      return modelAccountsView(
        model,
        models.valuation(user, model),
        independentCash(user),
        requestIdOf(body),
      );
    },
    getModelInvestedAccounts: ({ session, body }) => {
      const user = brokerage.userOf(session);
      const model = models.model(user, body.model);
      const currency = models.master(user).baseCurrency;
      const parts = subAccountsOf(brokerage.store, user).map((account) => {
        const values = valueAccount(account, brokerage.market);
        const modelParts = models.modelParts(user, account);
        const sum = (of: (part: (typeof modelParts)[number]) => number) =>
          modelParts.reduce((total, part) => total + of(part), 0);
        const thisModel = sum((part) => (part.model === model.name ? part.value : 0));
        return {
          account,
          rate: brokerage.market.rate(account.baseCurrency, currency),
          nlv: values.total.netLiquidation,
          cash: values.total.cash,
          positionsValue: values.total.netLiquidation - values.total.cash,
          thisModel,
          otherModels: sum((part) => part.value) - thisModel,
          modelsCash: sum((part) => part.cash),
          modelsUnitsValue: sum((part) => part.unitsValue),
        };
      });
      return investedAccountsView(model, currency, parts, requestIdOf(body));
    },
    saveModel: ({ session, body }) => {
      models.save(brokerage.userOf(session), {
        name: body.model,
        positionTargets: body.positionTargets,
        ...(body.desc === undefined ? {} : { desc: body.desc }),
        ...(body.isStatic === undefined ? {} : { isStatic: body.isStatic }),
        ...(body.cashTargets === undefined ? {} : { cashTargets: body.cashTargets }),
      });
      return modelSavedView(requestIdOf(body));
    },
    investInModel: ({ session, body }) => {
      models.invest(
        brokerage.userOf(session),
        body.model,
        body.accountList.map(({ account, amtToInvest }) => ({ account, amount: amtToInvest })),
      );
      return modelInvestedView(requestIdOf(body));
    },
    submitModelTransfers: ({ session, body }) => {
      models.submit(brokerage.userOf(session));
      return modelSavedView(requestIdOf(body));
    },
    getModelPresets: ({ session, body }) =>
      modelPresetsView(models.presets(brokerage.userOf(session)), requestIdOf(body)),
    saveModelPresets: ({ session, body }) => {
      models.savePresets(brokerage.userOf(session), presetChangeOf(body));
      return modelPresetsSavedView(requestIdOf(body));
    },
  };
};

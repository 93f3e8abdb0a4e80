// Advisors' investment models: targets, investments, rebalancing trades and valuations.
// Over 300 lines: one service whose operations (save, invest, submit the rebalancing, value) read
// and write the same holdings and value them the same way; its views and texts are apart.
import { requireAdvisor, subAccountsOf } from '../accounts/allocation-groups.js';
import type { Index } from '../kernel/store.js';
import type { AreaContext } from '../accounts/brokerage.js';
import type { Account, User } from '../accounts/model.js';
import { badRequest } from '../kernel/errors.js';
import { nextInSequence } from '../kernel/sequences.js';
import type { Instrument } from '../market/model.js';
import type { OrderBook } from '../orders/order-book.js';
import type {
  CashTarget,
  InvestmentModel,
  ModelHolding,
  ModelPresets,
  PendingTransfer,
  PositionTarget,
} from './records.js';
import { modelTexts } from './model-texts.js';
import { roundTo } from '../kernel/money.js';
import type { AdvisorModelsStore } from './store-view.js';

export interface ModelChange {
  name: string;
  desc?: string;
  isStatic?: boolean;
  positionTargets: PositionTarget[];
  cashTargets?: CashTarget[];
}

const defaultPresets = (): ModelPresets => ({
  avoidNegativeCashInIndependent: false,
  closeDivestIndependentPosition: true,
  fullyInvestExistingLongPositions: false,
  keepModelOpen: false,
  preferCrossWithIndependent: false,
  preferTransferFromIndependent: true,
  roundAllocationQuantityToExchangeBoardLot: false,
  useNonBaseCcy: false,
  useToleranceRange: false,
});

/** Percentage points an instrument may stray from its target before the model is mismatched. */
export const tolerancePoints = 5;

export interface PositionValuation {
  conid: number;
  instrument: Instrument;
  units: number;
  /** In the master's base currency. */
  value: number;
  target: number;
  /** Percent of the model's value. */
  actual: number;
}

export interface AccountValuation {
  account: Account;
  /** Value of one unit of the account's base currency in the master's. */
  rate: number;
  /** The model's part of the account, in the account's base currency. */
  value: number;
  cash: number;
  unitsValue: number;
  cost: number;
  /** Sum of the positions' distances from their targets, a fraction of the part's value. */
  imbalance: number;
  outsideRange: number;
}

/** A model valued now, over every account invested in it. */
export interface ModelValuation {
  currency: string;
  nlv: number;
  positions: PositionValuation[];
  cash: { value: number; target: number; actual: number };
  accounts: AccountValuation[];
  mismatched: boolean;
}

const modelKey = (username: string, name: string) => `${username}/${name}`;
const emptyHolding = (): ModelHolding => ({ units: {}, cost: {}, cash: 0 });

export type AdvisorModelsContext = AreaContext<never, 'market' | 'account', AdvisorModelsStore>;

/** An advisor's models: target weights over stocks; investing moves an account's cash into the
 * model and computes the trades toward the targets; submitting places them as market orders. */
export class AdvisorModels {
  readonly #byUser: Index<InvestmentModel>;

  constructor(
    private readonly context: AdvisorModelsContext,
    private readonly orders: OrderBook,
  ) {
    this.#byUser = this.models.index('byUser', (model) => model.username);
  }

  /** The request's identifier, or a new one when it gave none. */
  requestId(given: number | undefined): number {
    return given ?? nextInSequence(this.context.store, 'modelRequests', 0);
  }

  private get models() {
    return this.context.store.collection('investmentModels');
  }

  private advisor(user: User): void {
    requireAdvisor(user, modelTexts.advisorsOnly);
  }

  /** The advisor's master account (its base currency is the models' currency). */
  master(user: User): Account {
    this.advisor(user);
    const master = this.context.accounts.account(user.accounts[0] ?? '');
    if (!master) throw badRequest(modelTexts.advisorsOnly);
    return master;
  }

  list(user: User): InvestmentModel[] {
    this.advisor(user);
    return this.#byUser.get(user.username);
  }

  model(user: User, name: string): InvestmentModel {
    this.advisor(user);
    const model = this.models.get(modelKey(user.username, name));
    if (!model) throw badRequest(modelTexts.unknownModel(name));
    return model;
  }

  /** Creates the model or replaces its description and targets; holdings stay. */
  save(user: User, change: ModelChange): InvestmentModel {
    this.advisor(user);
    const seen = new Set<number>();
    for (const { conid } of change.positionTargets) {
      if (this.context.accounts.market.instrument(conid)?.secType !== 'STK')
        throw badRequest(modelTexts.unknownContract(conid));
      if (seen.has(conid)) throw badRequest(modelTexts.listedTwice(`Contract ${conid}`));
      seen.add(conid);
    }
    const currencies = new Set(change.cashTargets?.map((cash) => cash.ccy));
    if (currencies.size !== (change.cashTargets?.length ?? 0))
      throw badRequest(modelTexts.listedTwice('A currency'));
    const sum = (targets: readonly { target: number }[]) =>
      targets.reduce((total, { target }) => total + target, 0);
    const total = roundTo(sum(change.positionTargets) + sum(change.cashTargets ?? []), 6);
    if (total > 100 + 1e-6) throw badRequest(modelTexts.targetsOver(total));
    if (
      change.cashTargets !== undefined &&
      change.cashTargets.length > 0 &&
      Math.abs(total - 100) > 1e-6
    )
      throw badRequest(modelTexts.targetsNot100(total));
    const current = this.models.get(modelKey(user.username, change.name));
    const model: InvestmentModel = {
      name: change.name,
      username: user.username,
      desc: change.desc ?? current?.desc ?? change.name,
      isStatic: change.isStatic ?? current?.isStatic ?? false,
      positionTargets: change.positionTargets,
      cashTargets: change.cashTargets ?? [],
      holdings: current?.holdings ?? {},
      pending: current?.pending ?? [],
    };
    this.models.set(modelKey(user.username, model.name), model);
    return model;
  }

  presets(user: User): ModelPresets {
    this.advisor(user);
    return this.context.store.collection('modelPresets').get(user.username) ?? defaultPresets();
  }

  /** Changes the presets the change names; its other fields are not presets. */
  savePresets(user: User, change: Partial<ModelPresets>): void {
    const presets = this.presets(user);
    const changed = Object.fromEntries(
      Object.keys(defaultPresets()).flatMap((key) => {
        const value = change[key as keyof ModelPresets];
        return value === undefined ? [] : [[key, value]];
      }),
    ) as Partial<ModelPresets>;
    this.context.store.collection('modelPresets').set(user.username, { ...presets, ...changed });
  }

  private instrument(conid: number): Instrument {
    const instrument = this.context.accounts.market.instrument(conid);
    if (!instrument) throw badRequest(modelTexts.unknownContract(conid));
    return instrument;
  }

  /** Value of one unit of the contract in `currency` now; 400 without a price. */
  unitValue(conid: number, currency: string): number {
    const instrument = this.instrument(conid);
    const price = this.context.accounts.market.price(conid);
    if (price === undefined) throw badRequest(modelTexts.noPrice(conid));
    return (
      price *
      instrument.multiplier *
      this.context.accounts.market.rate(instrument.currency, currency)
    );
  }

  /** Value of the model's units in an account, in `currency`. */
  unitsValue(holding: ModelHolding, currency: string): number {
    return Object.entries(holding.units).reduce(
      (total, [conid, units]) => total + units * this.unitValue(Number(conid), currency),
      0,
    );
  }

  /** Value of the model's part of an account, in the account's base currency. */
  holdingValue(holding: ModelHolding, account: Account): number {
    return holding.cash + this.unitsValue(holding, account.baseCurrency);
  }

  /** Moves each account's amount into the model (out, when negative) and replaces its pending
   * trades with those that bring its part to the targets: whole units, rounded down. */
  invest(user: User, name: string, amounts: { account: string; amount: number }[]): void {
    const model = this.model(user, name);
    const subAccounts = new Map(subAccountsOf(this.context.store, user).map((a) => [a.id, a]));
    const seen = new Set<string>();
    const plans = amounts.map(({ account: id, amount }) => {
      const account = subAccounts.get(id);
      if (!account) throw badRequest(modelTexts.notSubAccount(id));
      if (seen.has(id)) throw badRequest(modelTexts.listedTwice(`Account ${id}`));
      seen.add(id);
      const held = model.holdings[id] ?? emptyHolding();
      const value = this.holdingValue(held, account);
      if (amount < 0 && -amount > value + 1e-9)
        throw badRequest(modelTexts.divestTooLarge(id, value));
      const holding = { ...held, cash: roundTo(held.cash + amount, 2) };
      return {
        account,
        holding,
        trades: this.tradesToward(model, holding, account, value + amount),
      };
    });
    // Everything is checked before anything changes.
    const planned = new Set(plans.map(({ account }) => account.id));
    this.models.set(modelKey(user.username, model.name), {
      ...model,
      holdings: {
        ...model.holdings,
        ...Object.fromEntries(plans.map(({ account, holding }) => [account.id, holding])),
      },
      pending: [
        ...model.pending.filter((trade) => !planned.has(trade.accountId)),
        ...plans.flatMap(({ trades }) => trades),
      ],
    });
  }

  private tradesToward(
    model: InvestmentModel,
    holding: ModelHolding,
    account: Account,
    value: number,
  ): PendingTransfer[] {
    const wanted = new Map(
      model.positionTargets.map(({ conid, target }) => [
        conid,
        Math.max(
          0,
          Math.floor((value * target) / 100 / this.unitValue(conid, account.baseCurrency)),
        ),
      ]),
    );
    const conids = new Set([...wanted.keys(), ...Object.keys(holding.units).map(Number)]);
    return [...conids].flatMap((conid) => {
      const delta = (wanted.get(conid) ?? 0) - (holding.units[conid] ?? 0);
      if (delta === 0) return [];
      return [
        {
          accountId: account.id,
          conid,
          side: delta > 0 ? 'BUY' : 'SELL',
          quantity: Math.abs(delta),
        },
      ] satisfies PendingTransfer[];
    });
  }

  /** Places every pending trade of the advisor's models as a market order for its account; a
   * filled one moves units and their cost into the model's part and pays from its cash. */
  submit(user: User): void {
    const master = this.master(user);
    for (const listed of this.list(user)) {
      let model: InvestmentModel = { ...listed, pending: [] };
      for (const trade of listed.pending) {
        const [transmitted] = this.orders.matching.transmit(
          [
            {
              conid: trade.conid,
              orderType: 'MKT',
              side: trade.side,
              tif: 'DAY',
              quantity: trade.quantity,
              quantityGiven: true,
              isCcyConv: false,
              outsideRTH: false,
              isSingleGroup: false,
              allocatedTo: trade.accountId,
            },
          ],
          master.id,
          user.username,
        );
        const order = transmitted?.order;
        const account = this.context.accounts.account(trade.accountId);
        if (order?.status !== 'Filled' || !account) continue;
        const holding = this.booked(model, account, trade, order.averagePrice ?? 0);
        model = { ...model, holdings: { ...model.holdings, [account.id]: holding } };
      }
      this.models.set(modelKey(user.username, model.name), model);
    }
  }

  /** The account's part of the model after a filled trade. */
  private booked(
    model: InvestmentModel,
    account: Account,
    trade: PendingTransfer,
    price: number,
  ): ModelHolding {
    const holding = model.holdings[account.id] ?? emptyHolding();
    const instrument = this.instrument(trade.conid);
    const signed = trade.side === 'BUY' ? trade.quantity : -trade.quantity;
    const held = holding.units[trade.conid] ?? 0;
    const cost = holding.cost[trade.conid] ?? 0;
    const after = held + signed;
    const newCost = roundTo(
      signed > 0
        ? cost + signed * price * instrument.multiplier
        : held === 0
          ? 0
          : (cost * after) / held,
      2,
    );
    const others = ([key]: [string, number]) => key !== String(trade.conid);
    const cash = roundTo(
      holding.cash -
        signed *
          price *
          instrument.multiplier *
          this.context.accounts.market.rate(instrument.currency, account.baseCurrency),
      2,
    );
    if (after === 0) {
      return {
        units: Object.fromEntries(Object.entries(holding.units).filter(others)),
        cost: Object.fromEntries(Object.entries(holding.cost).filter(others)),
        cash,
      };
    }
    return {
      units: { ...holding.units, [trade.conid]: after },
      cost: { ...holding.cost, [trade.conid]: newCost },
      cash,
    };
  }

  /** Values the model now: each target's units and value over all accounts, its cash, and each
   * invested account's part. */
  valuation(user: User, model: InvestmentModel): ModelValuation {
    const currency = this.master(user).baseCurrency;
    const { market } = this.context.accounts;
    const accounts = Object.entries(model.holdings).flatMap(([id, holding]) => {
      const account = this.context.accounts.account(id);
      if (!account) return [];
      const unitsValue = this.unitsValue(holding, account.baseCurrency);
      const value = holding.cash + unitsValue;
      const cost = Object.entries(holding.cost).reduce(
        (total, [conid, amount]) =>
          total +
          amount * market.rate(this.instrument(Number(conid)).currency, account.baseCurrency),
        0,
      );
      const distances = model.positionTargets.map(({ conid, target }) => {
        const actual =
          value > 0
            ? ((holding.units[conid] ?? 0) * this.unitValue(conid, account.baseCurrency) * 100) /
              value
            : 0;
        return Math.abs(actual - target);
      });
      return [
        {
          account,
          rate: market.rate(account.baseCurrency, currency),
          value,
          cash: holding.cash,
          unitsValue,
          cost,
          imbalance: value > 0 ? distances.reduce((total, d) => total + d, 0) / 100 : 0,
          outsideRange: value > 0 ? distances.filter((d) => d > tolerancePoints).length : 0,
        },
      ];
    });
    const nlv = accounts.reduce((total, a) => total + a.value * a.rate, 0);
    const percentOf = (value: number) => (nlv > 0 ? (value * 100) / nlv : 0);
    const positions = model.positionTargets.map(({ conid, target }) => {
      const units = accounts.reduce(
        (total, a) => total + (model.holdings[a.account.id]?.units[conid] ?? 0),
        0,
      );
      const value = units * this.unitValue(conid, currency);
      return {
        conid,
        instrument: this.instrument(conid),
        units,
        value,
        target,
        actual: percentOf(value),
      };
    });
    const cashValue = accounts.reduce((total, a) => total + a.cash * a.rate, 0);
    const positionTargets = model.positionTargets.reduce((total, { target }) => total + target, 0);
    const cashTarget =
      model.cashTargets.length > 0
        ? model.cashTargets.reduce((total, { target }) => total + target, 0)
        : 100 - positionTargets;
    return {
      currency,
      nlv,
      positions,
      cash: { value: cashValue, target: cashTarget, actual: percentOf(cashValue) },
      accounts,
      mismatched: nlv > 0 && positions.some((p) => Math.abs(p.actual - p.target) > tolerancePoints),
    };
  }

  /** The part of every model of the advisor in the account: value, cash and units' value. */
  modelParts(
    user: User,
    account: Account,
  ): { model: string; value: number; cash: number; unitsValue: number }[] {
    return this.list(user).flatMap((model) => {
      const holding = model.holdings[account.id];
      if (!holding) return [];
      const unitsValue = this.unitsValue(holding, account.baseCurrency);
      return [
        { model: model.name, value: holding.cash + unitsValue, cash: holding.cash, unitsValue },
      ];
    });
  }
}

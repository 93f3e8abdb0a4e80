// The rules an order for a contract must follow (order types, time in force, increments).
// Over 300 lines: the table of rules by security type (`rulesBySecType`) and the answer built
// from it, kept together so that each rule is read beside the answer that uses it.
import type { Schema } from '@brokerage/types';
import { availableAlgos } from './algos.js';
import type { AccountsArea } from '../accounts/brokerage.js';
import { stockListing } from './contracts.js';
import { badRequest } from '../kernel/errors.js';
import { findEventContract } from './event-contracts.js';
import type { Market } from '../market/market.js';
import type { Account } from '../accounts/model.js';
import type { Instrument, InstrumentCatalogue, SecType } from '../market/model.js';
import type { Session } from '../accounts/sessions.js';

/** An order's type, as the document names it (`orders/model.ts` names it the same way). */
type OrderType = Schema<'OrderRequest'>['orderType'];

type ContractRules = Schema<'ContractRules'>;
/** A tier as the simulation builds it: both fields always set (the service may leave them out). */
type IncrementRule = Required<Schema<'ContractIncrementRule'>>;

/** What a kind of contract accepts, in the service's lower-case order-type words. */
interface SecTypeRules {
  name: string;
  orderTypes: string[];
  /** Order types that may be combined with the broker's algorithms (when the contract has any). */
  algoTypes: string[];
  /** Order types that take a fractional quantity (US stock listings only). */
  fractionalTypes: string[];
  /** Order types valid with a cash quantity. */
  cashQuantityTypes: string[];
  outsideRthTypes: string[];
  tifTypes: string[];
  defaultSize: number;
  /** Null where the kind takes no cash quantity (options, as the service sends it). */
  cashQtyIncrement: number | null;
}

const everyTif = ['IOC/o,a', 'GTC/o,a', 'GTD/o,a', 'DAY/o,a'];
const quantityTypes = [
  'limit',
  'market',
  'stop',
  'stop_limit',
  'mit',
  'lit',
  'trailing_stop',
  'trailing_stop_limit',
];
/** Order types an existing order may be changed to. */
const modifiableTypes = ['limit', 'market', 'stop', 'stop_limit', 'relative'];

const rulesBySecType: Record<SecType, SecTypeRules> = {
  STK: {
    name: 'stocks',
    orderTypes: [
      'limit',
      'midprice',
      'market',
      'stop',
      'stop_limit',
      'mit',
      'lit',
      'trailing_stop',
      'trailing_stop_limit',
      'relative',
      'marketonclose',
      'limitonclose',
    ],
    algoTypes: [
      'limit',
      'stop_limit',
      'lit',
      'trailing_stop_limit',
      'relative',
      'marketonclose',
      'limitonclose',
    ],
    fractionalTypes: quantityTypes,
    cashQuantityTypes: quantityTypes,
    outsideRthTypes: ['limit', 'stop_limit', 'lit', 'trailing_stop_limit', 'relative'],
    tifTypes: [
      'IOC/MARKET,LIMIT,RELATIVE,MARKETONCLOSE,MIDPRICE,LIMITONCLOSE,MKT_PROTECT,STPPRT,a',
      'GTC/o,a',
      'OPG/LIMIT,MARKET,a',
      'GTD/o,a',
      'DAY/o,a',
    ],
    defaultSize: 100,
    cashQtyIncrement: 500,
  },
  CASH: {
    name: 'forex',
    orderTypes: [...quantityTypes, 'relative'],
    algoTypes: [],
    fractionalTypes: [],
    cashQuantityTypes: quantityTypes,
    outsideRthTypes: [],
    tifTypes: everyTif,
    defaultSize: 20000,
    cashQtyIncrement: 1,
  },
  FUT: {
    name: 'futures',
    orderTypes: [...quantityTypes, 'marketonclose', 'limitonclose'],
    algoTypes: [],
    fractionalTypes: [],
    cashQuantityTypes: [],
    outsideRthTypes: ['limit', 'stop_limit', 'lit', 'trailing_stop_limit'],
    tifTypes: everyTif,
    defaultSize: 1,
    cashQtyIncrement: 0,
  },
  OPT: {
    name: 'options',
    orderTypes: ['limit', 'market', 'stop', 'stop_limit', 'relative'],
    algoTypes: [],
    fractionalTypes: [],
    cashQuantityTypes: [],
    outsideRthTypes: [],
    tifTypes: everyTif,
    defaultSize: 1,
    cashQtyIncrement: null,
  },
  EVENT: {
    name: 'event contracts',
    orderTypes: ['limit'],
    algoTypes: [],
    fractionalTypes: [],
    cashQuantityTypes: [],
    outsideRthTypes: [],
    tifTypes: ['IOC/o,a', 'GTC/o,a', 'DAY/o,a'],
    defaultSize: 1,
    cashQtyIncrement: 0,
  },
};

/** The price tiers of a contract, lowest first. */
export function priceIncrementRules(
  catalogue: InstrumentCatalogue,
  instrument: Instrument,
): IncrementRule[] {
  switch (instrument.secType) {
    case 'STK':
      // Sub-penny prices below one unit of currency, cents above.
      return [
        { lowerEdge: 0, increment: 0.0001 },
        { lowerEdge: 1, increment: 0.01 },
      ];
    case 'CASH':
      // Half a pip: pips are 0.01 for yen-quoted pairs, 0.0001 for the others.
      return [{ lowerEdge: 0, increment: instrument.currency === 'JPY' ? 0.005 : 0.00005 }];
    case 'FUT': {
      const chain = catalogue.futures.find((candidate) =>
        candidate.contracts.some((contract) => contract.conid === instrument.conid),
      );
      return [{ lowerEdge: 0, increment: chain?.priceIncrement ?? 0.01 }];
    }
    case 'EVENT':
      return [
        {
          lowerEdge: 0,
          increment: findEventContract(catalogue, instrument.conid)?.market.priceIncrement ?? 0.01,
        },
      ];
    case 'OPT':
      return [{ lowerEdge: 0, increment: 0.01 }];
  }
}

/** The service's lower-case words for an order type, as `fraqTypes` and `orderTypes` list them. */
const orderTypeWords: Record<OrderType, string> = {
  MKT: 'market',
  LMT: 'limit',
  STP: 'stop',
  STOP_LIMIT: 'stop_limit',
  MIDPRICE: 'midprice',
  TRAIL: 'trailing_stop',
  TRAILLMT: 'trailing_stop_limit',
  MIT: 'mit',
  LIT: 'lit',
  REL: 'relative',
  MOC: 'marketonclose',
  LOC: 'limitonclose',
};

/** Decimals of a fractional quantity (`fraqInt`) where a contract trades in fractions. */
const fractionalDigits = 4;

function tradesInFractions(market: Market, instrument: Instrument): boolean {
  return (
    instrument.secType === 'STK' &&
    stockListing(market.catalogueData, instrument.conid)?.isUS === true
  );
}

/** The smallest step of an order's size in units: a fraction (`fraqInt` decimals) for the order
 * types a US stock trades in fractions (`fraqTypes`), otherwise whole units (`sizeIncrement`). */
export function sizeIncrementOf(
  market: Market,
  instrument: Instrument,
  orderType: OrderType,
): number {
  return tradesInFractions(market, instrument) &&
    rulesBySecType[instrument.secType].fractionalTypes.includes(orderTypeWords[orderType])
    ? 1 / 10 ** fractionalDigits
    : 1;
}

/** The tick at `price`: the increment of the highest tier the price reaches. */
export function incrementAt(rules: IncrementRule[], price: number | undefined): number {
  const tier =
    rules.filter((rule) => price !== undefined && price >= rule.lowerEdge).at(-1) ?? rules[0];
  return tier?.increment ?? 0.01;
}

function decimalsOf(increment: number): number {
  const [, fraction = ''] = String(increment).split('.');
  return fraction.length;
}

/** The accounts a session trades with, and the one selected (a new order ticket's default). */
export interface TradingAccounts {
  accounts: Account[];
  selectedAccountId: string;
}

/** The accounts the session trades with: the user's own, plus the dynamic account currently set. */
export function tradingAccountsOf(
  accounts: Pick<AccountsArea, 'account' | 'userOf'>,
  session: Session,
): TradingAccounts {
  const ids = new Set([...accounts.userOf(session).accounts, session.selectedAccountId]);
  return {
    accounts: [...ids].flatMap((id) => accounts.account(id) ?? []),
    selectedAccountId: session.selectedAccountId,
  };
}

export interface RulesRequest {
  isBuy?: boolean;
  modifyOrder?: boolean;
  orderId?: number;
}

/** Security types whose orders may be all-or-none. */
const allOrNoneTypes: readonly SecType[] = ['STK', 'OPT'];

/** A new order ticket's defaults: the size as a two-decimal string, the selected account only
 * for users with several accounts, as real payloads carry them. */
function tifDefaultsOf(
  rules: SecTypeRules,
  trading: TradingAccounts,
): NonNullable<ContractRules['tifDefaults']> {
  return {
    TIF: 'DAY',
    SIZE: rules.defaultSize.toFixed(2),
    ...(trading.accounts.length > 1 ? { DEFAULT_ACCT: trading.selectedAccountId } : {}),
    PMALGO: true,
  };
}

/** The trading rules of a contract for the given accounts, for a buy or a sell, new or modified. */
export function contractRules(
  market: Market,
  instrument: Instrument,
  trading: TradingAccounts,
  request: RulesRequest,
): ContractRules {
  const modifying = request.modifyOrder === true;
  if (modifying && request.orderId === undefined) {
    throw badRequest('Bad Request: orderId needed to modify an order');
  }
  const rules = rulesBySecType[instrument.secType];
  const algoEligible = availableAlgos(instrument).length > 0;
  const usStock = tradesInFractions(market, instrument);
  const permitted = trading.accounts.filter((account) =>
    account.permissions.includes(instrument.secType),
  );
  const expired = market.isExpired(instrument);
  const error = expired
    ? `Contract ${instrument.conid} expired on ${instrument.expiration ?? ''}`
    : permitted.length === 0
      ? `No trading permissions for ${rules.name} on ${instrument.exchange}`
      : null;

  const incrementRules = priceIncrementRules(market.catalogueData, instrument);
  const last = market.price(instrument.conid);
  const increment = incrementAt(incrementRules, last);
  const digits = decimalsOf(increment);
  // The simulation quotes one tick either side of the last price: a buy defaults to the ask.
  const defaultPrice =
    last === undefined || error !== null
      ? undefined
      : Number(
          (
            Math.round(last / increment) * increment +
            (request.isBuy === false ? -increment : increment)
          ).toFixed(digits),
        );

  return {
    algoEligible,
    allOrNoneEligible: allOrNoneTypes.includes(instrument.secType),
    overnightEligible: usStock,
    costReport: false,
    canTradeAcctIds: error === null ? permitted.map((account) => account.id) : [],
    error,
    orderTypes: rules.orderTypes,
    ibAlgoTypes: algoEligible ? rules.algoTypes : [],
    fraqTypes: usStock ? rules.fractionalTypes : [],
    forceOrderPreview: false,
    cqtTypes: rules.cashQuantityTypes,
    ...(defaultPrice === undefined
      ? {}
      : { orderDefaults: { LMT: { LP: defaultPrice.toFixed(digits) } } }),
    orderTypesOutside: rules.outsideRthTypes,
    defaultSize: rules.defaultSize,
    cashSize: 0,
    sizeIncrement: 1,
    tifTypes: rules.tifTypes,
    tifDefaults: tifDefaultsOf(rules, trading),
    ...(defaultPrice === undefined ? {} : { limitPrice: defaultPrice, stopprice: defaultPrice }),
    orderOrigination: modifying ? 'API' : null,
    preview: error === null,
    displaySize: null,
    fraqInt: usStock ? fractionalDigits : 0,
    cashCcy: instrument.currency,
    cashQtyIncr: rules.cashQtyIncrement,
    priceMagnifier: null,
    negativeCapable: false,
    incrementType: 1,
    incrementRules,
    hasSecondary: instrument.secType === 'STK',
    modTypes: modifying ? rules.orderTypes.filter((type) => modifiableTypes.includes(type)) : [],
    increment,
    incrementDigits: digits,
  };
}

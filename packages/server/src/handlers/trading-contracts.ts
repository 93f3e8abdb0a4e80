import { contractAlgos } from '../domain/contracts/algos.js';
import { contractDefinition } from '../domain/contracts/contract-definitions.js';
import { contractInfo } from '../domain/contracts/contract-info.js';
import { contractRules, tradingAccountsOf } from '../domain/contracts/contract-rules.js';
import {
  contractOrFail,
  currencyPairsOf,
  exchangeContracts,
  exchangeRate,
  futuresBySymbols,
  stocksBySymbols,
} from '../domain/contracts/contracts.js';
import { searchContracts, type SearchQuery } from '../domain/contracts/secdef-search.js';
import { bondFilters, secdefInfo, strikesOf } from '../domain/contracts/secdef.js';
import { contractSchedule, symbolSchedules } from '../domain/contracts/trading-schedules.js';
import type { Session } from '../domain/accounts/sessions.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

const symbolsOf = (list: string) => [...new Set(list.split(','))];

/** A boolean query value as clients spell it (`true`, Python's `True`). */
const isTrue = (value: string | undefined) => value?.toLowerCase() === 'true';

export const tradingContractsHandlers = ({
  brokerage,
}: HandlerContext): HandlerGroup<
  | 'getStocksBySymbols'
  | 'getFuturesBySymbols'
  | 'getContractRules'
  | 'getContractAlgos'
  | 'getCurrencyPairs'
  | 'searchContracts'
  | 'searchContractsByPost'
  | 'getOptionStrikes'
  | 'getSecdefInfo'
  | 'getBondFilters'
  | 'getSecurityDefinitions'
  | 'getExchangeContracts'
  | 'getSymbolTradingSchedules'
  | 'getContractTradingSchedule'
  | 'getContractInfo'
  | 'getContractInfoAndRules'
  | 'getExchangeRate'
> => {
  const { market, clock } = brokerage;
  const search = (session: Session, query: SearchQuery) =>
    searchContracts(market, brokerage.sessions, session, query);
  return {
    getStocksBySymbols: ({ query }) =>
      stocksBySymbols(market.catalogueData, symbolsOf(query.symbols)),
    getFuturesBySymbols: ({ query }) =>
      futuresBySymbols(market, symbolsOf(query.symbols), query.exchange),
    getContractRules: ({ session, body }) => {
      const instrument = contractOrFail(market, Number(body.conid));
      return contractRules(market, instrument, tradingAccountsOf(brokerage, session), body);
    },
    getContractAlgos: ({ params, query }) =>
      contractAlgos(contractOrFail(market, params.conid), {
        ...(query.algos === undefined ? {} : { ids: query.algos.split(';') }),
        withDescription: query.addDescription === '1',
        withParameters: query.addParams === '1',
      }),
    getCurrencyPairs: ({ query }) => currencyPairsOf(market.catalogueData, query.currency),
    searchContracts: ({ session, query }) =>
      search(session, {
        symbol: query.symbol,
        name: isTrue(query.name),
        ...(query.secType === undefined ? {} : { secType: query.secType }),
      }),
    searchContractsByPost: ({ session, body }) =>
      search(session, {
        symbol: body.symbol,
        name: body.name === true,
        ...(body.secType === undefined ? {} : { secType: body.secType }),
      }),
    getOptionStrikes: ({ session, query }) =>
      strikesOf(market, session, {
        conid: Number(query.conid),
        sectype: query.sectype,
        month: query.month,
      }),
    getSecdefInfo: ({ session, query }) =>
      secdefInfo(market, session, {
        ...(query.conid === undefined ? {} : { conid: Number(query.conid) }),
        ...(query.sectype === undefined ? {} : { sectype: query.sectype }),
        ...(query.month === undefined ? {} : { month: query.month }),
        ...(query.strike === undefined ? {} : { strike: Number(query.strike) }),
        ...(query.right === undefined ? {} : { right: query.right }),
        ...(query.issuerId === undefined ? {} : { issuerId: query.issuerId }),
      }),
    getBondFilters: ({ query }) => bondFilters(market.catalogueData, query.issuerId),
    getSecurityDefinitions: ({ query }) => ({
      secdef: symbolsOf(query.conids).flatMap((conid) => {
        const instrument = market.instrument(Number(conid));
        return instrument ? [contractDefinition(market.catalogueData, instrument)] : [];
      }),
    }),
    getExchangeContracts: ({ query }) =>
      exchangeContracts(market.catalogueData, query.exchange, query.assetClass),
    getSymbolTradingSchedules: ({ query }) => symbolSchedules(market, query, clock.now()),
    getContractTradingSchedule: ({ query }) =>
      contractSchedule(contractOrFail(market, Number(query.conid)), query.exchange, clock.now()),
    getContractInfo: ({ params }) =>
      contractInfo(market.catalogueData, contractOrFail(market, Number(params.conid))),
    getContractInfoAndRules: ({ session, params, query }) => {
      const instrument = contractOrFail(market, Number(params.conid));
      const trading = tradingAccountsOf(brokerage, session);
      return {
        ...contractInfo(market.catalogueData, instrument),
        rules: contractRules(market, instrument, trading, {
          isBuy: query.isBuy === undefined || isTrue(query.isBuy),
        }),
      };
    },
    getExchangeRate: ({ query }) => exchangeRate(market, query.source, query.target),
  };
};

import { contractAlgos } from '../domain/contracts/algos.js';
import { contractRules, tradingAccountsOf } from '../domain/contracts/contract-rules.js';
import {
  contractOrFail,
  currencyPairsOf,
  futuresBySymbols,
  stocksBySymbols,
} from '../domain/contracts/contracts.js';
import {
  eventContractDetails,
  eventContractOrFail,
  eventContractRules,
} from '../domain/contracts/event-contracts.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { requireSession } from '../http/require-session.js';

const symbolsOf = (list: string) => [...new Set(list.split(','))];

export const contractHandlers = ({
  brokerage,
}: HandlerContext): HandlerGroup<
  | 'getStocksBySymbols'
  | 'getFuturesBySymbols'
  | 'getContractRules'
  | 'getContractAlgos'
  | 'getCurrencyPairs'
  | 'getEventContractRules'
  | 'getEventContractDetails'
> => {
  const { market } = brokerage;
  return {
    getStocksBySymbols: ({ query }) =>
      stocksBySymbols(market.catalogueData, symbolsOf(query.symbols)),
    getFuturesBySymbols: ({ query }) =>
      futuresBySymbols(market, symbolsOf(query.symbols), query.exchange),
    getContractRules: ({ session, body }) => {
      const instrument = contractOrFail(market, Number(body.conid));
      return contractRules(
        market,
        instrument,
        tradingAccountsOf(brokerage, requireSession(session)),
        body,
      );
    },
    getContractAlgos: ({ params, query }) =>
      contractAlgos(contractOrFail(market, params.conid), {
        ...(query.algos === undefined ? {} : { ids: query.algos.split(';') }),
        withDescription: query.addDescription === '1',
        withParameters: query.addParams === '1',
      }),
    getCurrencyPairs: ({ query }) => currencyPairsOf(market.catalogueData, query.currency),
    getEventContractRules: ({ query }) =>
      eventContractRules(eventContractOrFail(market.catalogueData, query.conid)),
    getEventContractDetails: ({ query }) =>
      eventContractDetails(eventContractOrFail(market.catalogueData, query.conid)),
  };
};

import {
  eventCategoryTree,
  eventContractDetails,
  eventContractOrFail,
  eventContractRules,
  eventMarketOrFail,
  eventMarketView,
  eventSchedules,
} from '../domain/contracts/event-contracts.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** Event contracts (tag Trading Event Contracts): categories, markets, contracts' rules, details and
 * schedules, read from the catalogue. */
export const tradingEventContractsHandlers = ({
  brokerage,
}: HandlerContext): HandlerGroup<
  | 'getEventContractRules'
  | 'getEventContractDetails'
  | 'getEventCategoryTree'
  | 'getEventMarket'
  | 'getEventContractSchedules'
> => {
  const { market } = brokerage;
  return {
    getEventContractRules: ({ query }) =>
      eventContractRules(eventContractOrFail(market.catalogueData, query.conid)),
    getEventContractDetails: ({ query }) =>
      eventContractDetails(eventContractOrFail(market.catalogueData, query.conid)),
    getEventCategoryTree: () => eventCategoryTree(market.catalogueData),
    getEventMarket: ({ query }) =>
      eventMarketView(eventMarketOrFail(market.catalogueData, Number(query.underlyingConid))),
    getEventContractSchedules: ({ query }) =>
      eventSchedules(eventContractOrFail(market.catalogueData, Number(query.conid))),
  };
};

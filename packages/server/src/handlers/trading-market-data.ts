import { areaContext } from '../domain/accounts/brokerage.js';
import { nextInSequence } from '../domain/kernel/sequences.js';
import { answeredFields } from '../domain/market-data/accumulated-fields.js';
import {
  allUnsubscribedView,
  fieldCodes,
  historyView,
  snapshotEntryView,
  unsubscribedView,
} from '../domain/market-data/market-data-views.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { queryFlag } from '../http/query-flag.js';

/** Snapshots, their subscriptions and history bars (tag Trading Market Data). */
export const tradingMarketDataHandlers = ({
  brokerage,
  marketData,
}: HandlerContext): HandlerGroup<
  | 'getMarketDataSnapshot'
  | 'unsubscribeMarketData'
  | 'unsubscribeAllMarketData'
  | 'getMarketDataHistory'
> => {
  // What the snapshot's fields ask of the domain (the market-data area's store, the clock, the
  // sessions): built once, as domain/services.ts builds the areas'.
  const fieldsContext = areaContext(brokerage);
  return {
    getMarketDataSnapshot: ({ session, query }) => {
      const conids = query.conids.split(',').map((conid) => Number(conid.trim()));
      const fields = fieldCodes(query.fields);
      const now = brokerage.clock.now();
      return marketData
        .snapshot(session, conids)
        .map((entry) =>
          snapshotEntryView(
            entry,
            answeredFields(fieldsContext, session, entry.conid, fields),
            now,
          ),
        );
    },
    unsubscribeMarketData: ({ session, body }) => {
      marketData.unsubscribe(session, body.conid);
      return unsubscribedView();
    },
    unsubscribeAllMarketData: ({ session }) => {
      marketData.unsubscribeAll(session);
      return allUnsubscribedView();
    },
    getMarketDataHistory: ({ query }) => {
      const period = query.period ?? '1d';
      const { instrument, request, history } = marketData.history({
        conid: query.conid,
        period,
        bar: query.bar,
        ...(query.outsideRth === undefined ? {} : { outsideRth: queryFlag(query.outsideRth) }),
        ...(query.startTime === undefined ? {} : { startTime: query.startTime }),
        ...(query.direction === undefined ? {} : { direction: query.direction }),
        ...(query.source === undefined ? {} : { source: query.source }),
      });
      const serverId = nextInSequence(brokerage.store, 'historyServerId', 20_000);
      return historyView(instrument, request, history, period, serverId);
    },
  };
};

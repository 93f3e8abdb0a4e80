import { nextInSequence } from '../domain/kernel/sequences.js';
import {
  allUnsubscribedView,
  fieldCodes,
  historyView,
  hmdsHistoryView,
  regulatorySnapshotView,
  snapshotEntryView,
  unsubscribedView,
} from '../domain/market-data/market-data-views.js';
import {
  hmdsScannerParamsView,
  hmdsScanResultView,
  scannerParamsView,
  scanResultView,
} from '../domain/market-data/scanner-views.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { queryFlag } from '../http/query-flag.js';

export const marketDataHandlers = ({
  brokerage,
  marketData,
}: HandlerContext): HandlerGroup<
  | 'getMarketDataSnapshot'
  | 'unsubscribeMarketData'
  | 'unsubscribeAllMarketData'
  | 'getMarketDataHistory'
  | 'getScannerParameters'
  | 'runScanner'
  | 'getRegulatorySnapshot'
  | 'getHmdsHistory'
  | 'getHmdsScannerParameters'
  | 'runHmdsScanner'
> => ({
  getMarketDataSnapshot: ({ session, query }) => {
    const conids = query.conids.split(',').map((conid) => Number(conid.trim()));
    const fields = fieldCodes(query.fields);
    const now = brokerage.clock.now();
    return marketData
      .snapshot(session, conids)
      .map((entry) => snapshotEntryView(entry, fields, now));
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
  getScannerParameters: () => scannerParamsView(),
  runScanner: ({ body }) => scanResultView(marketData.scan(body)),
  getRegulatorySnapshot: ({ session, query }) => {
    const { instrument, state } = marketData.regulatorySnapshot(session, query.conid);
    return regulatorySnapshotView(instrument, state);
  },
  getHmdsHistory: ({ session, query }) => {
    const { request, history } = marketData.hmdsHistory(session, {
      conid: query.conid,
      period: query.period,
      bar: query.bar,
      ...(query.outsideRth === undefined ? {} : { outsideRth: queryFlag(query.outsideRth) }),
      ...(query.startTime === undefined ? {} : { startTime: query.startTime }),
      ...(query.direction === undefined ? {} : { direction: query.direction }),
      ...(query.barType === undefined ? {} : { barType: query.barType }),
    });
    return hmdsHistoryView(request, history);
  },
  getHmdsScannerParameters: () => hmdsScannerParamsView(),
  runHmdsScanner: ({ session, body }) =>
    hmdsScanResultView(marketData.hmdsScan(session, body), brokerage.clock.now()),
});

import {
  hmdsHistoryView,
  regulatorySnapshotView,
} from '../domain/market-data/market-data-views.js';
import { hmdsScannerParamsView, hmdsScanResultView } from '../domain/market-data/scanner-views.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { queryFlag } from '../http/query-flag.js';

/** The regulatory snapshot and the historical market data service, `/hmds` (tag Market Data:
 * calls the service answers that version 2.40 no longer describes). */
export const marketDataHandlers = ({
  brokerage,
  marketData,
}: HandlerContext): HandlerGroup<
  'getRegulatorySnapshot' | 'getHmdsHistory' | 'getHmdsScannerParameters' | 'runHmdsScanner'
> => ({
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

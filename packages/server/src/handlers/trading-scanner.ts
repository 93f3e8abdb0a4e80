import { scannerParamsView, scanResultView } from '../domain/market-data/scanner-views.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** The market scanners, their parameters and results (tag Trading Scanner). */
export const tradingScannerHandlers = ({
  marketData,
}: HandlerContext): HandlerGroup<'getScannerParameters' | 'runScanner'> => ({
  getScannerParameters: () => scannerParamsView(),
  runScanner: ({ body }) => scanResultView(marketData.scan(body)),
});

// `PUT /control/market/replays/{conid}` with a `text/csv` body: the CSV is read as it arrives
// (`readCsvBars`: a piece at a time, up to 64 MiB and a million bars), never parsed whole by a
// body parser, so a large or endless upload is refused (413) as soon as it passes the limit, and
// the rest is not read: the connection closes after the answer.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  marketDataLimits,
  readCsvBars,
  type MarketDataLimits,
} from '../domain/market/replay/market-data-stream.js';
import { badRequest } from '../domain/kernel/errors.js';
import { inUnit, type Store } from '../domain/kernel/store.js';
import type { Controls } from './controls.js';

/** The request's conid and day, checked as the document's parameters say (this route answers
 * before the validator). */
function parametersOf(req: Request): { conid: number; day: string | undefined } {
  const conid = Number(req.params.conid);
  if (!/^\d+$/.test(String(req.params.conid)) || !Number.isSafeInteger(conid) || conid < 1)
    throw badRequest(
      `Bad Request: request/params/conid must be a contract id (a positive integer)`,
    );
  const { day } = req.query;
  if (day !== undefined && (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day)))
    throw badRequest('Bad Request: request/query/day must be a date (YYYY-MM-DD)');
  return { conid, day };
}

/** The handler of a `text/csv` replay upload; any other request goes on to the JSON route. */
export function csvReplayUpload(
  controls: Controls,
  store: Store,
  limits: MarketDataLimits = marketDataLimits,
): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('text/csv')) {
      next();
      return;
    }
    try {
      const { conid, day } = parametersOf(req);
      // An unknown contract, or a shared store, is refused before the body is read.
      const exchange = controls.replayExchange(conid);
      // The request is not destroyed when the reading stops early: the answer still goes out.
      const read = await readCsvBars(req.iterator({ destroyOnReturn: false }), exchange, limits);
      const state = await inUnit(store, () =>
        controls.replayMarket(conid, { read, ...(day === undefined ? {} : { day }) }),
      );
      res.json(state);
    } catch (error) {
      if (!req.complete) res.setHeader('Connection', 'close');
      next(error);
    }
  };
}

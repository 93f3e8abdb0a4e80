import { randomUUID } from 'node:crypto';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { createRequire } from 'node:module';
import type { pinoHttp as PinoHttp } from 'pino-http';
import { hintHeader } from './hints/hints.js';

/** The hint the answer carries (`X-Brokerage-Hint`), for the request's log line. */
const hintOf = (res: Response) => {
  const hint = res.getHeader(hintHeader);
  return hint === undefined ? {} : { hint: String(hint) };
};

/** The steps that log each request, first among the app's: through pino-http when the logger
 * logs `info` (one line per request, with its request id, a 4xx at `warn`); otherwise only the
 * logger itself (`req.log`), for errors. */
export function requestLogging(app: Express, logger: Logger): RequestHandler[] {
  if (logger.isLevelEnabled('info')) return [requestLines(logger)];
  // pino-http costs as much per request as the route itself, even when nothing is logged:
  // with request logs off, only errors are logged, through the logger as it is, which every
  // request finds on the app's request prototype (nothing runs per request for it).
  app.request.log = logger;
  // A hint is still logged at warn (its request was refused), with what it is about.
  if (!logger.isLevelEnabled('warn')) return [];
  return [
    (req: Request, res: Response, next: NextFunction) => {
      res.on('finish', () => {
        if (res.hasHeader(hintHeader))
          logger.warn(
            { req: { method: req.method, url: req.originalUrl }, ...hintOf(res) },
            'hint',
          );
      });
      next();
    },
  ];
}

/** One line per request through pino-http, loaded only by a server that logs them (a sandbox
 * does not: its start does not pay for it). */
function requestLines(logger: Logger) {
  const { pinoHttp } = createRequire(import.meta.url)('pino-http') as { pinoHttp: typeof PinoHttp };
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // A 5xx answer makes pino-http invent an error with a stack trace; the real cause, when
    // there is one, is logged by the error handler.
    customErrorObject: (_req, res, error, value: Record<string, unknown>) =>
      error.message === `failed with status code ${res.statusCode}`
        ? { res: value.res, responseTime: value.responseTime }
        : value,
    customLogLevel: (_req, res, error) =>
      error !== undefined || res.statusCode >= 500
        ? 'error'
        : res.statusCode >= 400
          ? 'warn'
          : 'info',
    // Read when the answer is sent, so the line carries the hint the answer has.
    customProps: (_req, res) => hintOf(res as Response),
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  });
}

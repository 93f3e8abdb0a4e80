import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

/** Request logs through pino-http when the logger logs `info`; otherwise only the logger itself,
 * for errors. */
export function requestLogging(logger: Logger): RequestHandler {
  if (logger.isLevelEnabled('info')) {
    return pinoHttp({
      logger,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    });
  }
  // pino-http costs as much per request as the route itself, even when nothing is logged:
  // with request logs off, only errors are logged, through the logger as it is.
  return (req: Request, _res: Response, next: NextFunction) => {
    req.log = logger;
    next();
  };
}

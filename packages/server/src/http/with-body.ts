import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Whether the request has a body to parse (as body-parser's `hasBody` tells): a request without
 * one skips the parsers, which would only find that out again, each of them. */
const hasBody = (req: Request): boolean =>
  req.headers['transfer-encoding'] !== undefined ||
  !Number.isNaN(Number(req.headers['content-length'] ?? Number.NaN));

/** `parse`, for a request with a body. */
export const withBody =
  (parse: RequestHandler): RequestHandler =>
  (req: Request, res: Response, next: NextFunction) => {
    if (hasBody(req)) return parse(req, res, next);
    next();
  };

import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { unauthorized } from '../domain/kernel/errors.js';
import { sendError, answerFor } from './error-response.js';

export interface ControlAccessOptions {
  mode: 'gateway' | 'hosted';
  /** `false` turns the control API off in any mode. */
  enabled: boolean;
  /** The admin token that every control request must carry (`Authorization: Bearer <token>`). */
  token: string | undefined;
}

/** Whether the control API is served: never when turned off; in hosted mode, where anyone may
 * reach the server, only with an admin token; in gateway mode (local use) always. */
export function controlServed(options: ControlAccessOptions): boolean {
  if (!options.enabled) return false;
  return options.mode === 'gateway' || options.token !== undefined;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Refuses a control request without the admin token (when one is configured) with 401. The
 * comparison takes the same time whatever the guess. */
export function requireControlToken(token: string | undefined): RequestHandler {
  const expected = token === undefined ? undefined : digest(token);
  return (req: Request, res: Response, next: NextFunction) => {
    if (expected === undefined) {
      next();
      return;
    }
    const [scheme, given] = (req.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() === 'bearer' && given && timingSafeEqual(digest(given), expected)) {
      next();
      return;
    }
    res.setHeader('WWW-Authenticate', 'Bearer realm="control"');
    sendError(
      res,
      answerFor(unauthorized('control token required'), undefined),
      undefined,
      req.originalUrl,
    );
  };
}

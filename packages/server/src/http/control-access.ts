import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { unauthorized } from '../domain/kernel/errors.js';
import { sendError, answerFor } from './error-response.js';
import type { LookupThrottle } from './lookup-throttle.js';

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

/** Refuses a control request without the admin token (when one is configured) with 401; the
 * comparison takes the same time whatever the guess. Wrong tokens are counted per client address
 * and per token tried (`throttle`): past the limit the address is refused with 429, the right
 * token included (one secret: a refused address proves nothing). */
export function requireControlToken(
  token: string | undefined,
  throttle: LookupThrottle | undefined,
): RequestHandler {
  const expected = token === undefined ? undefined : digest(token);
  const admin = { id: 'control' };
  return (req: Request, res: Response, next: NextFunction) => {
    if (expected === undefined) {
      next();
      return;
    }
    const [scheme, given] = (req.headers.authorization ?? '').split(' ');
    const check = () => {
      if (scheme?.toLowerCase() === 'bearer' && given && timingSafeEqual(digest(given), expected))
        return admin;
      throw unauthorized('control token required');
    };
    const checked = throttle
      ? throttle.check({ address: req.ip ?? 'unknown', credential: given }, check, {
          proven: false,
        })
      : Promise.resolve().then(check);
    checked.then(
      () => next(),
      (error: unknown) => {
        res.setHeader('WWW-Authenticate', 'Bearer realm="control"');
        sendError(res, answerFor(error, undefined), undefined, req.originalUrl);
      },
    );
  };
}

import { createRouteMatcher } from '@brokerage/types';
import type { NextFunction, Request, RequestHandler } from 'express';
import { badRequest } from '../domain/kernel/errors.js';
import type { OperationInfo } from './document.js';
import type { PipelineResponse } from './request-locals.js';
import {
  admitSession,
  needsSession,
  resolveSession,
  type SessionGateOptions,
} from './session-gate.js';

/** Answers a URL that is an operation's path with an empty path parameter
 * (`/v1/api/acesws//signatures-and-owners`) with the service's 400 `Bad Request: <name> needed`,
 * in the operation's error shape and after its session gate. Express routes never match an empty
 * segment, so without this the validator would answer 404. Runs only for requests no operation
 * route matched. */
export function emptyPathParameters(
  operations: OperationInfo[],
  gate: SessionGateOptions,
): RequestHandler {
  const match = createRouteMatcher(operations, { emptyParams: true });
  const refuse = async (req: Request, operation: OperationInfo, empty: string) => {
    const { access } = operation;
    if (needsSession(access)) admitSession(await resolveSession(req, gate), access, gate.brokerage);
    throw badRequest(`Bad Request: ${empty} needed`);
  };
  return (req: Request, res: PipelineResponse, next: NextFunction) => {
    // A request the method gate matched to an operation has no empty parameter.
    if (res.locals.operation !== undefined) {
      next();
      return;
    }
    const found = match(req.method, req.path);
    const empty = Object.entries(found?.params ?? {}).find(([, value]) => value === '')?.[0];
    if (!found || empty === undefined) {
      next();
      return;
    }
    res.locals.operation = found.route;
    refuse(req, found.route, empty).catch(next);
  };
}

import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { badRequest } from '../domain/errors.js';
import type { OperationInfo } from './document.js';
import { accessOf, admitSession, resolveSession, type SessionGateOptions } from './session-gate.js';

interface ParameterisedPath {
  operation: OperationInfo;
  names: string[];
  pattern: RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function parameterisedPaths(operations: OperationInfo[]): ParameterisedPath[] {
  return operations.flatMap((operation) => {
    const names: string[] = [];
    const source = operation.path
      .split('/')
      .map((segment) => {
        const name = /^\{(.+)\}$/.exec(segment)?.[1];
        if (name === undefined) return escapeRegExp(segment);
        names.push(name);
        return '([^/]*)';
      })
      .join('/');
    return names.length > 0 ? [{ operation, names, pattern: new RegExp(`^${source}/?$`) }] : [];
  });
}

/** Answers a URL that is an operation's path with an empty path parameter
 * (`/v1/api/acesws//signatures-and-owners`) with the service's 400 `Bad Request: <name> needed`,
 * in the operation's error shape and after its session gate. Express routes never match an empty
 * segment, so without this the validator would answer 404. Runs only for requests no operation
 * route matched; `operations` must be ordered by specificity. */
export function emptyPathParameters(
  operations: OperationInfo[],
  gate: SessionGateOptions,
): RequestHandler {
  const paths = parameterisedPaths(operations);
  return async (req: Request, res: Response, next: NextFunction) => {
    if (res.locals.operation !== undefined) {
      next();
      return;
    }
    const method = req.method.toLowerCase();
    for (const { operation, names, pattern } of paths) {
      if (operation.method !== method) continue;
      const match = pattern.exec(req.path);
      const empty = match ? names.find((_, index) => match[index + 1] === '') : undefined;
      if (empty === undefined) continue;
      res.locals.operation = operation;
      try {
        const access = accessOf(operation.path);
        if (access !== 'credentials') {
          const session = await resolveSession(req, gate);
          res.locals.session = session;
          admitSession(session, access, gate.brokerage);
        }
        throw badRequest(`Bad Request: ${empty} needed`);
      } catch (error) {
        next(error);
      }
      return;
    }
    next();
  };
}

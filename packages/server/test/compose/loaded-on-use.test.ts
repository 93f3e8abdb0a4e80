// The MCP endpoint is loaded by the first request to its path: other requests never load it, and
// a load that failed is tried again by the next request.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { loadedOnUse } from '../../src/compose/loaded-on-use.js';

const request = (path: string) => ({ path }) as Request;

/** Calls `handler` and answers what it passed to `next`, or 'answered' when the handler did. */
const run = (handler: RequestHandler, path: string) =>
  new Promise<unknown>((resolve) => {
    const res = { end: () => resolve('answered') } as unknown as Response;
    void handler(request(path), res, ((error?: unknown) =>
      resolve(error ?? 'passed')) as NextFunction);
  });

describe('a middleware loaded on use', () => {
  it('is loaded once, by the first request it serves, and never for the others', async () => {
    let loads = 0;
    const handler = loadedOnUse(
      (req) => req.path.startsWith('/mcp'),
      () => {
        loads++;
        return Promise.resolve(((_req, res) => res.end()) as RequestHandler);
      },
    );
    expect(await run(handler, '/health')).toBe('passed');
    expect(loads).toBe(0);
    expect(await Promise.all([run(handler, '/mcp'), run(handler, '/mcp')])).toEqual([
      'answered',
      'answered',
    ]);
    expect(loads).toBe(1);
  });

  it('fails the request whose load failed, and loads again for the next', async () => {
    const failure = new Error('no module');
    let loads = 0;
    const handler = loadedOnUse(
      () => true,
      () => {
        loads++;
        return loads === 1
          ? Promise.reject(failure)
          : Promise.resolve(((_req, res) => res.end()) as RequestHandler);
      },
    );
    expect(await run(handler, '/mcp')).toBe(failure);
    expect(await run(handler, '/mcp')).toBe('answered');
    expect(loads).toBe(2);
  });
});

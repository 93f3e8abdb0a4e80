// The validator's route compiler is memoised from our code, so that installed copies of the
// server (which no workspace patch reaches) find routes without compiling every template; an
// immutable answer is checked once.
import { once } from 'node:events';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import sharedPathToRegexp from 'path-to-regexp';
import { sendJson } from '../../src/http/json-body.js';
import {
  openApiValidator,
  sharedOpenApiValidator,
  type ValidatorOptions,
} from '../../src/http/openapi-validator.js';
import { startServer, type Harness } from '../harness.js';

const require = createRequire(import.meta.url);
const validatorRequire = createRequire(require.resolve('express-openapi-validator'));
const pathToRegexpModule = () =>
  validatorRequire('path-to-regexp') as {
    pathToRegexp: ((path: string, options?: object) => { regexp: RegExp }) & { memoised?: true };
  };

describe('the request validator', () => {
  let server: Harness;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('compiles each path template once, and still matches and rejects as before', async () => {
    const { pathToRegexp } = pathToRegexpModule();
    expect(pathToRegexp.memoised).toBe(true);
    // The copy jest's module registry hands to the validator, too.
    expect((sharedPathToRegexp.pathToRegexp as { memoised?: true }).memoised).toBe(true);
    const first = pathToRegexp('/v1/api/portfolio/:accountId/ledger', { sensitive: false });
    expect(pathToRegexp('/v1/api/portfolio/:accountId/ledger', { sensitive: false })).toBe(first);
    expect(first.regexp.test('/v1/api/portfolio/U1234567/ledger')).toBe(true);
    expect(pathToRegexp('/v1/api/portfolio/:accountId/ledger', { sensitive: true })).not.toBe(
      first,
    );

    const invalid = await fetch(`${server.baseUrl}/v1/api/trsrv/stocks?symbols=aapl`);
    expect(invalid.status).toBe(400);
    const valid = await fetch(`${server.baseUrl}/v1/api/trsrv/stocks?symbols=AAPL`);
    expect(valid.status).toBe(200);
  });

  it("finds an operation's route once, and still validates every request's path parameters", async () => {
    const info = (conid: string) =>
      fetch(`${server.baseUrl}/v1/api/iserver/contract/${conid}/info`);
    expect((await info('265598')).status).toBe(200);
    // A number out of the schema's range: the validator's verdict (texts that are no number are
    // refused before it, by the numeric-parameter rule, as `26%ZZ` is).
    const outOfRange = await info('0');
    expect(outOfRange.status).toBe(400);
    expect(await outOfRange.json()).toEqual({
      error: 'Bad Request: request/params/conid must be >= 1',
      statusCode: 400,
    });
    const malformed = await info('26%ZZ');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      error: 'Bad Request: request/params/conid must be integer',
    });
    // The validator's own route walk compiles (here: looks up) every template; it is no longer
    // asked for an operation it has answered.
    const validatorModule = pathToRegexpModule();
    const compile = validatorModule.pathToRegexp;
    let compiled = 0;
    validatorModule.pathToRegexp = Object.assign(
      (path: string, options?: object) => {
        compiled++;
        return compile(path, options);
      },
      { memoised: true as const },
    );
    try {
      const again = await info('265598');
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ con_id: 265598, symbol: 'AAPL' });
      expect(compiled).toBe(0);
      expect((await fetch(`${server.baseUrl}/v1/api/iserver/contract/265598/algos`)).status).toBe(
        200,
      );
      expect(compiled).toBeGreaterThan(0);
    } finally {
      validatorModule.pathToRegexp = compile;
    }
  });
});

describe('the response validator', () => {
  // A one-operation app: its answers are chosen by the `body` query parameter.
  const itemSchema = {
    type: 'object',
    required: ['n'],
    properties: { n: { type: 'integer' } },
  };
  const document = {
    openapi: '3.1.0',
    info: { title: 'items', version: '1' },
    paths: {
      '/item': {
        get: {
          operationId: 'getItem',
          parameters: [{ name: 'body', in: 'query', schema: { type: 'string' } }],
          responses: {
            '200': {
              description: 'An item',
              content: { 'application/json': { schema: itemSchema } },
            },
          },
        },
      },
    },
  };
  let reads = 0;
  /** A deeply frozen body whose one member counts how often it is read. */
  const counted = (n: unknown) =>
    Object.freeze(
      Object.defineProperty({}, 'n', {
        enumerable: true,
        get: () => {
          reads++;
          return n;
        },
      }),
    );
  const bodies: Record<string, () => unknown> = {
    frozen: (() => {
      const body = counted(1);
      return () => body;
    })(),
    frozenInvalid: (() => {
      const body = counted('one');
      return () => body;
    })(),
    fresh: () => counted(1),
  };
  let listener: Server;
  let baseUrl: string;
  beforeAll(async () => {
    const app = express();
    app.response.json = sendJson;
    app.use(
      ...openApiValidator(
        {
          apiSpec: document as unknown as ValidatorOptions['apiSpec'],
          validateRequests: true,
          validateResponses: true,
        },
        () => ({ operationId: 'getItem', params: {} }),
      ),
    );
    app.get('/item', (req, res) => {
      res.json(bodies[String(req.query.body)]?.());
    });
    app.use((error: { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
      res.status(error.status ?? 500).json({ failed: true });
    });
    listener = app.listen(0, '127.0.0.1');
    await once(listener, 'listening');
    baseUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  afterAll(() => listener.close());

  const get = async (body: string) => {
    reads = 0;
    const response = await fetch(`${baseUrl}/item?body=${body}`);
    return { status: response.status, json: (await response.json()) as unknown, reads };
  };

  it('checks an immutable body once, then sends it as it is; any other body every time', async () => {
    const first = await get('frozen');
    expect(first).toMatchObject({ status: 200, json: { n: 1 } });
    expect(first.reads).toBeGreaterThan(0);
    expect(await get('frozen')).toEqual({ status: 200, json: { n: 1 }, reads: 0 });

    expect(await get('fresh')).toMatchObject({ status: 200, json: { n: 1 } });
    expect((await get('fresh')).reads).toBeGreaterThan(0);
  });

  it('checks an immutable body that failed again, and fails it again', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await get('frozenInvalid');
      expect(answer).toMatchObject({ status: 500, json: { failed: true } });
      expect(answer.reads).toBeGreaterThan(0);
    }
  });
});

describe('the validator shared by the servers of a process', () => {
  it('is built once per key, and validates for every server that uses it', async () => {
    let built = 0;
    const build = (): ValidatorOptions => {
      built++;
      const apiSpec = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} };
      return { apiSpec: apiSpec as unknown as ValidatorOptions['apiSpec'] };
    };
    const first = sharedOpenApiValidator('a test key', build);
    expect(sharedOpenApiValidator('a test key', build)).toBe(first);
    expect(built).toBe(1);
    expect(sharedOpenApiValidator('another test key', build)).not.toBe(first);
    expect(built).toBe(2);

    const servers = [await startServer(), await startServer()];
    try {
      for (const server of servers) {
        const stocks = (symbols: string) =>
          fetch(`${server.baseUrl}/v1/api/trsrv/stocks?symbols=${symbols}`);
        expect((await stocks('aapl')).status).toBe(400);
        expect((await stocks('AAPL')).status).toBe(200);
      }
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });
});

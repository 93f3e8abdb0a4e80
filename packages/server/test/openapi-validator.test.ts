// The validator's route compiler is memoised from our code, so that installed copies of the
// server (which no workspace patch reaches) find routes without compiling every template.
import { createRequire } from 'node:module';
import sharedPathToRegexp from 'path-to-regexp';
import { startServer, type Harness } from './harness.js';

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
    const notANumber = await info('abc');
    expect(notANumber.status).toBe(400);
    expect(await notANumber.json()).toEqual({
      error: 'Bad Request: request/params/conid must be integer',
      statusCode: 400,
    });
    const malformed = await info('26%ZZ');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: "Bad Request: malformed uri'" });
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

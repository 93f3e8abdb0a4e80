// warmValidatorCache (http/validator-warm.ts): the entries it writes are the ones a server of the
// default settings looks for, so that a server's calls to warmed operations compile nothing.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { warmValidatorCache } from '../../src/http/validator-warm.js';
import { startServer, type Harness } from '../harness.js';
import { userSession } from '../user-session.js';

describe('the validator cache warmed before a server starts', () => {
  const before = process.env.BROKERAGE_VALIDATOR_CACHE;
  const directory = mkdtempSync(join(tmpdir(), 'validator-warm-'));
  const entries = () => readdirSync(directory, { recursive: true }).length;
  let server: Harness;
  beforeAll(() => {
    process.env.BROKERAGE_VALIDATOR_CACHE = directory;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(directory, { recursive: true, force: true });
    if (before === undefined) delete process.env.BROKERAGE_VALIDATOR_CACHE;
    else process.env.BROKERAGE_VALIDATOR_CACHE = before;
  });

  it("holds what a server's calls to the warmed operations compile: they add no entry", async () => {
    const warmed = ['getPortfolioAccounts', 'getLedger', 'placeOrders'];
    expect(await warmValidatorCache({ operationIds: warmed })).toBe(3);
    const written = entries();
    expect(written).toBeGreaterThan(3);

    server = await startServer();
    const { headers } = userSession(server, 'demo_individual');
    const call = (method: string, path: string, body?: unknown) =>
      server.call(method, path, { headers, ...(body === undefined ? {} : { body }) });
    expect((await call('GET', '/v1/api/portfolio/accounts')).status).toBe(200);
    expect((await call('GET', '/v1/api/portfolio/U1234567/ledger')).status).toBe(200);
    expect((await call('GET', '/v1/api/portfolio/U%2D1/ledger')).status).toBe(400);
    // A malformed order answers 500, as the service does (`x-invalid-request-status`).
    expect((await call('POST', '/v1/api/iserver/account/U1234567/orders', {})).status).toBe(500);
    expect(entries()).toBe(written);

    // An operation not warmed compiles (and writes) its own: the count above can move.
    expect((await call('GET', '/v1/api/iserver/account/trades?days=3')).status).toBe(200);
    expect(entries()).toBeGreaterThan(written);
  });

  it('refuses a number of threads that is not a whole number from 1', async () => {
    for (const threads of [0, -1, 1.5, Number.NaN]) {
      await expect(warmValidatorCache({ operationIds: ['tickle'], threads })).rejects.toThrow(
        /threads must be a whole number from 1/,
      );
    }
  });

  it('writes the same entries from threads, each warming its share', async () => {
    const operationIds = ['getLedger', 'getTrades', 'getWatchlists', 'placeOrders', 'tickle'];
    const inThreads = mkdtempSync(join(tmpdir(), 'validator-warm-threads-'));
    const here = mkdtempSync(join(tmpdir(), 'validator-warm-here-'));
    const files = (folder: string) =>
      readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort();
    try {
      process.env.BROKERAGE_VALIDATOR_CACHE = inThreads;
      expect(await warmValidatorCache({ operationIds, threads: 2 })).toBe(5);
      process.env.BROKERAGE_VALIDATOR_CACHE = here;
      expect(await warmValidatorCache({ operationIds })).toBe(5);
      expect(files(inThreads).length).toBeGreaterThan(5);
      expect(files(inThreads)).toEqual(files(here));
    } finally {
      process.env.BROKERAGE_VALIDATOR_CACHE = directory;
      for (const folder of [inThreads, here]) rmSync(folder, { recursive: true, force: true });
    }
  });
});

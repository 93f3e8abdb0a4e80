// The sandbox under vitest without globals: the hooks are passed.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSandbox } from '../src/index.js';

const brokerage = useSandbox({ hooks: { beforeAll, afterEach, afterAll } });

describe('useSandbox under vitest', () => {
  it('serves the typed client', async () => {
    const { data } = await brokerage.client.GET('/v1/api/portfolio/accounts');
    expect(data?.map((entry) => entry.id)).toContain('U1234567');
  });

  it('resets between tests', async () => {
    brokerage.controls.injectFault('getPortfolioAccounts', { status: 503 });
    expect((await brokerage.client.GET('/v1/api/portfolio/accounts')).response.status).toBe(503);
  });

  it('starts the next test without the fault', async () => {
    expect((await brokerage.client.GET('/v1/api/portfolio/accounts')).response.status).toBe(200);
  });
});

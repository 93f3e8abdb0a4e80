// Accounts and portfolio: the session's accounts, summaries, P&L, portfolio lists and ledger.
import { numericSummary } from '@brokerage/client';
import { describeInProcess } from '../../src/target.js';
import { useTarget } from '../support/target.js';

describe('accounts of the session', () => {
  const suite = useTarget();
  let accountId = '';

  beforeAll(async () => {
    const { data } = await suite.client.GET('/v1/api/iserver/accounts');
    accountId = data?.accounts?.[0] ?? '';
  });

  it('getAccounts lists the accounts and the selected one', async () => {
    const { data, response } = await suite.client.GET('/v1/api/iserver/accounts');
    expect(response.status).toBe(200);
    expect(data?.accounts).toContain(data?.selectedAccount);
  });

  it('getSignaturesAndOwners names the owners of the account', async () => {
    const { data, response } = await suite.client.GET(
      '/v1/api/acesws/{accountId}/signatures-and-owners',
      {
        params: { path: { accountId } },
      },
    );
    expect(response.status).toBe(200);
    expect(data?.accountId).toBe(accountId);
    expect(data?.users?.length).toBeGreaterThan(0);
  });

  it('getAccountSummary: available funds do not exceed net liquidation', async () => {
    const { data, response } = await suite.client.GET(
      '/v1/api/iserver/account/{accountId}/summary',
      {
        params: { path: { accountId } },
      },
    );
    expect(response.status).toBe(200);
    expect(data?.availableFunds).toBeLessThanOrEqual(data?.netLiquidationValue ?? Number.NaN);
  });

  it.each([
    ['getAccountBalances', '/v1/api/iserver/account/{accountId}/summary/balances'],
    ['getAccountMargins', '/v1/api/iserver/account/{accountId}/summary/margins'],
    ['getAccountAvailableFunds', '/v1/api/iserver/account/{accountId}/summary/available_funds'],
  ] as const)(
    '%s answers per segment, amounts formatted in the base currency',
    async (_id, path) => {
      const report = await suite.client.ok(
        suite.client.GET(path, { params: { path: { accountId } } }),
      );
      const { currency, segments } = numericSummary(report);
      expect(currency).toMatch(/^[A-Z]{3}$/);
      expect(Object.values(segments.total ?? {})).toContainEqual(expect.any(Number));
    },
  );

  it('getAccountMarketValue answers per currency', async () => {
    const { data, response } = await suite.client.GET(
      '/v1/api/iserver/account/{accountId}/summary/market_value',
      {
        params: { path: { accountId } },
      },
    );
    expect(response.status).toBe(200);
    const { segments } = numericSummary(data ?? {});
    expect(Object.values(segments).map((entry) => entry['Exchange Rate'])).toContain(1);
  });

  it('an unknown account on a summary answers 400', async () => {
    const { response } = await suite.client.GET('/v1/api/iserver/account/{accountId}/summary', {
      params: { path: { accountId: 'U0000000' } },
    });
    expect(response.status).toBe(400);
  });

  it('getPartitionedPnl answers the P&L rows of the session', async () => {
    const { response } = await suite.client.GET('/v1/api/iserver/account/pnl/partitioned');
    expect(response.status).toBe(200);
  });

  it('getPortfolioAccounts and getPortfolioSubaccounts list the account', async () => {
    const accounts = await suite.client.GET('/v1/api/portfolio/accounts');
    const subaccounts = await suite.client.GET('/v1/api/portfolio/subaccounts');
    expect(accounts.data?.map((a) => a.accountId)).toContain(accountId);
    expect(subaccounts.response.status).toBe(200);
  });

  it('getLedger (after the portfolio accounts) carries the BASE entry', async () => {
    await suite.client.GET('/v1/api/portfolio/accounts');
    const { data, response } = await suite.client.GET('/v1/api/portfolio/{accountId}/ledger', {
      params: { path: { accountId } },
    });
    expect(response.status).toBe(200);
    expect(data?.BASE).toBeDefined();
  });
});

describeInProcess('accounts needing a session fresh or of another user', () => {
  describe('an individual', () => {
    const suite = useTarget();

    it('getLedger before the portfolio accounts answers 400', async () => {
      const { error, response } = await suite.client.GET('/v1/api/portfolio/{accountId}/ledger', {
        params: { path: { accountId: 'U1234567' } },
      });
      expect(response.status).toBe(400);
      expect(JSON.stringify(error)).toContain('/portfolio/accounts');
    });

    it('switchAccount without sub-accounts answers 500 error-only', async () => {
      const { error, response } = await suite.client.POST('/v1/api/iserver/account', {
        body: { acctId: 'U2345671' },
      });
      expect(response.status).toBe(500);
      expect(error).toEqual({ error: expect.any(String) });
    });

    it('searchDynamicAccounts without DYNACCT answers 503', async () => {
      const { response } = await suite.client.GET(
        '/v1/api/iserver/account/search/{searchPattern}',
        {
          params: { path: { searchPattern: 'U34' } },
        },
      );
      expect(response.status).toBe(503);
    });
  });

  describe('an advisor', () => {
    const suite = useTarget({ gatewayUser: 'demo_advisor' });

    it('switchAccount selects a client account', async () => {
      await suite.client.GET('/v1/api/iserver/accounts');
      const { data, response } = await suite.client.POST('/v1/api/iserver/account', {
        body: { acctId: 'U2345672' },
      });
      expect(response.status).toBe(200);
      expect(data).toMatchObject({ set: true, acctId: 'U2345672' });
      const accounts = await suite.client.GET('/v1/api/iserver/accounts');
      expect(accounts.data?.selectedAccount).toBe('U2345672');
    });
  });

  describe('a broker with dynamic accounts', () => {
    const suite = useTarget({ gatewayUser: 'demo_broker' });

    it('searchDynamicAccounts matches ids by prefix, setDynamicAccount selects one', async () => {
      await suite.client.GET('/v1/api/iserver/accounts');
      const search = await suite.client.GET('/v1/api/iserver/account/search/{searchPattern}', {
        params: { path: { searchPattern: 'u3456' } },
      });
      expect(search.data?.matchedAccounts?.map((m) => m.accountId)).toEqual([
        'U3456781',
        'U3456782',
        'U3456783',
      ]);
      const set = await suite.client.POST('/v1/api/iserver/dynaccount', {
        body: { acctId: 'U3456782' },
      });
      expect(set.response.status).toBe(200);
      expect(set.data).toMatchObject({ set: true, acctId: 'U3456782' });
    });
  });
});

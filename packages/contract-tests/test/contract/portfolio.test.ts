// Portfolio positions, summary, attributes, allocation and the portfolio analyst.
import { describeInProcess } from '../../src/target.js';
import { useTarget } from '../support/target.js';

describe('portfolio positions and summaries', () => {
  const suite = useTarget();
  let accountId = '';
  let conid = 0;

  beforeAll(async () => {
    const { data } = await suite.client.GET('/v1/api/portfolio/accounts');
    accountId = data?.[0]?.accountId ?? '';
    const page = await suite.client.GET('/v1/api/portfolio/{accountId}/positions/{pageId}', {
      params: { path: { accountId, pageId: 0 } },
    });
    conid = page.data?.[0]?.conid ?? 0;
  });

  it('getPositions answers up to 100 positions of the account a page', async () => {
    const { data, response } = await suite.client.GET(
      '/v1/api/portfolio/{accountId}/positions/{pageId}',
      { params: { path: { accountId, pageId: 0 }, query: { sort: 'mktValue', direction: 'd' } } },
    );
    expect(response.status).toBe(200);
    expect(data?.length).toBeLessThanOrEqual(100);
    expect(data?.every((row) => row.acctId === accountId)).toBe(true);
  });

  it('invalidatePositions answers success', async () => {
    const { data, response } = await suite.client.POST(
      '/v1/api/portfolio/{accountId}/positions/invalidate',
      { params: { path: { accountId } } },
    );
    expect(response.status).toBe(200);
    expect(data).toEqual({ message: 'success' });
  });

  it('getUncachedPositions names the contract ids as strings', async () => {
    const { data, response } = await suite.client.GET('/v1/api/portfolio2/{accountId}/positions', {
      params: { path: { accountId }, query: { direction: 'a' } },
    });
    expect(response.status).toBe(200);
    expect(data?.every((row) => /^\d+$/.test(row.conid ?? ''))).toBe(true);
  });

  it('getPositionByConid and getPositionsByConid agree', async () => {
    const one = await suite.client.GET('/v1/api/portfolio/{accountId}/position/{conid}', {
      params: { path: { accountId, conid } },
    });
    const all = await suite.client.GET('/v1/api/portfolio/positions/{conid}', {
      params: { path: { conid } },
    });
    expect(one.response.status).toBe(200);
    expect(all.response.status).toBe(200);
    expect(all.data?.[accountId]?.[0]?.position).toBe(one.data?.[0]?.position);
  });

  it('getComboPositions answers an array', async () => {
    const { data, response } = await suite.client.GET(
      '/v1/api/portfolio/{accountId}/combo/positions',
      { params: { path: { accountId }, query: { nocache: 'True' } } },
    );
    expect(response.status).toBe(200);
    expect(Array.isArray(data)).toBe(true);
  });

  it('getPortfolioSummary carries money in amount and texts in value', async () => {
    const { data, response } = await suite.client.GET('/v1/api/portfolio/{accountId}/summary', {
      params: { path: { accountId } },
    });
    expect(response.status).toBe(200);
    expect(data?.netliquidation?.value).toBeNull();
    expect(data?.accountcode?.value).toBe(accountId);
  });

  it('getPortfolioAccountMeta describes the account', async () => {
    const { data, response } = await suite.client.GET('/v1/api/portfolio/{accountId}/meta', {
      params: { path: { accountId } },
    });
    expect(response.status).toBe(200);
    expect(data?.accountId).toBe(accountId);
  });

  it('getAccountAllocation, getConsolidatedAllocation and queryConsolidatedAllocation agree', async () => {
    const one = await suite.client.GET('/v1/api/portfolio/{accountId}/allocation', {
      params: { path: { accountId } },
    });
    const byQuery = await suite.client.GET('/v1/api/portfolio/allocation', {
      params: { query: { acctIds: [accountId] } },
    });
    const byBody = await suite.client.POST('/v1/api/portfolio/allocation', {
      body: { acctIds: [accountId] },
    });
    expect(one.response.status).toBe(200);
    expect(byQuery.data).toEqual(one.data);
    expect(byBody.data).toEqual(one.data);
  });

  it('getPortfolioSubaccountsPage answers a page with its metadata', async () => {
    const { data, response } = await suite.client.GET('/v1/api/portfolio/subaccounts2', {
      params: { query: { page: 0 } },
    });
    expect(response.status).toBe(200);
    // The service may answer a plain list instead (see the operation); the reference server pages.
    expect(Array.isArray(data) ? undefined : data?.metadata?.pageNum).toBe(0);
  });
});

describe('portfolio analyst', () => {
  const suite = useTarget();
  let accountId = '';

  beforeAll(async () => {
    const { data } = await suite.client.GET('/v1/api/portfolio/accounts');
    accountId = data?.[0]?.accountId ?? '';
  });

  it('getPerformance answers NAV and returns over the period', async () => {
    const { data, response } = await suite.client.POST('/v1/api/pa/performance', {
      body: { acctIds: [accountId], period: '7D' },
    });
    expect(response.status).toBe(200);
    expect(data?.nav?.data?.[0]?.navs?.length).toBe(data?.nav?.dates?.length);
  });

  it('getPerformanceByQuery answers the performance asked with query parameters', async () => {
    const { data, response } = await suite.client.GET('/v1/api/pa/performance', {
      params: { query: { acctIds: [accountId], period: '7D' } },
    });
    expect(response.status).toBe(200);
    expect(data?.included).toEqual([accountId]);
  });

  it('getAllPeriodsPerformance keys the periods by account', async () => {
    const { data, response } = await suite.client.POST('/v1/api/pa/allperiods', {
      body: { acctIds: [accountId] },
    });
    expect(response.status).toBe(200);
    expect(data?.[accountId]?.periods).toContain('YTD');
  });

  it('getPortfolioAllocation breaks the accounts down by category, from the same positions as the account allocation', async () => {
    const { data, response } = await suite.client.POST('/v1/api/pa/allocation', {
      body: { acctIds: [accountId], type: 'sector' },
    });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ id: 'getAllocation', currency: 'USD', realtime: true });
    const account = await suite.client.GET('/v1/api/portfolio/{accountId}/allocation', {
      params: { path: { accountId } },
    });
    const technology = data?.allocations?.SECTOR?.long?.items?.find(
      (item) => item.name === 'Technology',
    );
    expect(technology?.nav).toBeCloseTo(account.data?.sector?.long?.Technology ?? 0, 2);
  });

  it('getTransactions takes ids and days as strings too', async () => {
    const { data, response } = await suite.client.POST('/v1/api/pa/transactions', {
      body: { acctIds: [accountId], conids: ['265598'], currency: 'USD', days: '30' },
    });
    expect(response.status).toBe(200);
    expect(data?.id).toBe('getTransactions');
  });
});

describeInProcess('portfolio errors of the reference server', () => {
  const suite = useTarget();

  it.each([
    ['getPositions', '/v1/api/portfolio/{accountId}/positions/{pageId}'],
    ['getPortfolioSummary', '/v1/api/portfolio/{accountId}/summary'],
  ] as const)('%s before the portfolio accounts answers 400', async (_id, path) => {
    const { error, response } = await suite.client.GET(path, {
      params: { path: { accountId: 'U1234567', pageId: 0 } },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(error)).toContain('/portfolio/accounts');
  });

  it('getPortfolioAllocation answers 400 for an unknown type, in the service’s error body', async () => {
    const { error, response } = await suite.client.POST('/v1/api/pa/allocation', {
      body: { acctIds: ['U1234567'], type: 'PLANETS' },
    });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({
      status: 400,
      error: expect.stringMatching(/^Bad Request: type/),
    });
  });

  it('getPerformance for an account of another user answers 400', async () => {
    const { response } = await suite.client.POST('/v1/api/pa/performance', {
      body: { acctIds: ['U2345671'], period: '1D' },
    });
    expect(response.status).toBe(400);
  });
});

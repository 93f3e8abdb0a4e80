// The portfolio analyst's allocation (`POST /pa/allocation`) without HTTP: the same positions
// and prices as `/portfolio/{accountId}/allocation`, by category, weighed per side.
import type { DomainError } from '../../../src/domain/kernel/errors.js';
import { accountId, domain } from '../services.js';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return `${(error as DomainError).kind}: ${(error as DomainError).message}`;
  }
  throw new Error('expected a refusal');
};

describe('portfolio analyst allocation', () => {
  it('counts the same market value as the account allocation, by instrument kind with cash', () => {
    const { services, session } = domain();
    const { portfolio } = services;
    const answer = portfolio.portfolioAllocation(session, {
      acctIds: [accountId],
      type: 'financial_instrument',
    });
    expect(answer).toMatchObject({ id: 'getAllocation', currency: 'USD', realtime: true });
    expect(answer.date).toBeUndefined();
    const long = answer.allocations?.FINANCIAL_INSTRUMENT?.long;
    session.portfolioListed = true;
    const account = portfolio.allocation(session, [accountId]);
    const stocks = long?.items?.find((item) => item.id === 'STK');
    expect(stocks?.nav).toBeCloseTo(account.assetClass?.long?.STK ?? 0, 2);
    const cash = long?.items?.find((item) => item.id === 'CASH');
    expect(cash?.nav).toBeCloseTo(account.assetClass?.long?.CASH ?? 0, 2);
    // Weights are shares of the side: they sum to one, and the total's is one.
    expect(long?.total?.weight).toBe(1);
    const weights = (long?.items ?? []).reduce((sum, item) => sum + (item.weight ?? 0), 0);
    expect(weights).toBeCloseTo(1, 6);
    expect(long?.total?.nav).toBeCloseTo(
      (long?.items ?? []).reduce((sum, item) => sum + (item.nav ?? 0), 0),
      2,
    );
    expect(answer.allocations?.FINANCIAL_INSTRUMENT?.short).toBeUndefined();
  });

  it('answers every category for ALL, sector as the account allocation counts it', () => {
    const { services, session } = domain();
    const { portfolio } = services;
    const answer = portfolio.portfolioAllocation(session, { acctIds: [accountId], type: 'ALL' });
    expect(Object.keys(answer.allocations ?? {}).sort()).toEqual([
      'ASSET_CLASS',
      'COUNTRY',
      'FINANCIAL_INSTRUMENT',
      'REGION',
      'SECTOR',
    ]);
    session.portfolioListed = true;
    const account = portfolio.allocation(session, [accountId]);
    const technology = answer.allocations?.SECTOR?.long?.items?.find(
      (item) => item.name === 'Technology',
    );
    expect(technology?.nav).toBeCloseTo(account.sector?.long?.Technology ?? 0, 2);
  });

  it('labels figures with the previous business day when a base currency differs, and lists accounts it may not see', () => {
    const { services, session } = domain();
    const answer = services.portfolio.portfolioAllocation(session, {
      acctIds: [accountId, 'U2345672'],
      type: 'COUNTRY',
      currency: 'EUR',
    });
    // The clock starts on Wednesday 2025-03-12.
    expect(answer).toMatchObject({ currency: 'EUR', realtime: false, date: '20250311' });
    expect(answer.warning).toMatch(/base currency/);
    expect(answer.excluded).toEqual(['U2345672']);
  });

  it('refuses an unknown type or currency, and a date not before today', () => {
    const { services, session } = domain();
    const ask = (request: { type: string; currency?: string; date?: string }) => () =>
      services.portfolio.portfolioAllocation(session, { acctIds: [accountId], ...request });
    expect(refusal(ask({ type: 'PLANETS' }))).toMatch(/^badRequest: type must be one of/);
    expect(refusal(ask({ type: 'SECTOR', currency: 'XXX' }))).toMatch(/currency XXX/);
    expect(refusal(ask({ type: 'SECTOR', date: '20250312' }))).toMatch(/before today/);
    expect(ask({ type: 'SECTOR', date: '20250310' })()).toMatchObject({
      realtime: false,
      date: '20250310',
    });
  });
});

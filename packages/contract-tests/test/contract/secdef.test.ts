// Contract search and option chains, security definitions, contract details, trading
// schedules, exchange rates and event markets (issue 15).
import { useTarget } from '../support/target.js';

const AAPL = 265598;

describe('contract search and option chains', () => {
  const suite = useTarget();

  /** The first options month of AAPL, from a search (which also makes its options known). */
  async function firstMonth(): Promise<string> {
    const { data } = await suite.client.GET('/v1/api/iserver/secdef/search', {
      params: { query: { symbol: 'AAPL' } },
    });
    const months = data?.[0]?.sections?.find((section) => section.secType === 'OPT')?.months;
    return months?.split(';')[0] ?? '';
  }

  it('searchContracts lists the listings, options months in sections; no match is []', async () => {
    const { data, response } = await suite.client.GET('/v1/api/iserver/secdef/search', {
      params: { query: { symbol: 'AAPL', name: 'False' } },
    });
    expect(response.status).toBe(200);
    expect(data?.[0]?.conid).toBe(String(AAPL));
    expect(data?.[0]?.sections?.map((section) => section.secType)).toEqual(['STK', 'OPT']);
    const none = await suite.client.GET('/v1/api/iserver/secdef/search', {
      params: { query: { symbol: 'NOSUCH' } },
    });
    expect(none.data).toEqual([]);
    const empty = await suite.client.GET('/v1/api/iserver/secdef/search', {
      params: { query: { symbol: '' } },
    });
    expect(empty.response.status).toBe(400);
  });

  it('searchContractsByPost takes the search in a body, names too', async () => {
    const { data, response } = await suite.client.POST('/v1/api/iserver/secdef/search', {
      body: { symbol: 'apple', name: true },
    });
    expect(response.status).toBe(200);
    expect(data?.map((entry) => entry.symbol)).toContain('AAPL');
    const bonds = await suite.client.POST('/v1/api/iserver/secdef/search', {
      body: { symbol: 'BOND', secType: 'BOND' },
    });
    expect(bonds.data?.[0]?.issuers?.length).toBeGreaterThan(0);
    const missing = await suite.client.POST('/v1/api/iserver/secdef/search', {
      body: {} as never,
    });
    expect(missing.response.status).toBe(400);
  });

  it('getOptionStrikes lists calls and puts of a month; an unknown conid answers 400', async () => {
    const month = await firstMonth();
    const { data, response } = await suite.client.GET('/v1/api/iserver/secdef/strikes', {
      params: { query: { conid: AAPL, sectype: 'OPT', month } },
    });
    expect(response.status).toBe(200);
    expect(data?.call?.length).toBeGreaterThan(0);
    expect(data?.put).toEqual(data?.call);
    const unknown = await suite.client.GET('/v1/api/iserver/secdef/strikes', {
      params: { query: { conid: 1, sectype: 'OPT', month } },
    });
    expect(unknown.response.status).toBe(400);
  });

  it('getSecdefInfo lists the option contracts of a month, strike and right', async () => {
    const month = await firstMonth();
    const strikes = await suite.client.GET('/v1/api/iserver/secdef/strikes', {
      params: { query: { conid: AAPL, sectype: 'OPT', month } },
    });
    const strike = strikes.data?.call?.[0] ?? 0;
    const { data, response } = await suite.client.GET('/v1/api/iserver/secdef/info', {
      params: { query: { conid: AAPL, sectype: 'OPT', month, strike, right: 'P' } },
    });
    expect(response.status).toBe(200);
    expect(data).toEqual([
      expect.objectContaining({ secType: 'OPT', right: 'P', strike, multiplier: '100' }),
    ]);
    const noMonth = await suite.client.GET('/v1/api/iserver/secdef/info', {
      params: { query: { conid: AAPL, sectype: 'OPT' } },
    });
    expect(noMonth.response.status).toBe(400);
  });

  it('getBondFilters lists the values of an issuer; an unknown issuer answers 400', async () => {
    const { data, response } = await suite.client.GET('/v1/api/iserver/secdef/bond-filters', {
      params: { query: { symbol: 'BOND', issuerId: 'e7000101' } },
    });
    expect(response.status).toBe(200);
    expect(data?.bondFilters?.map((filter) => filter.displayText)).toEqual([
      'Maturity Date',
      'Issue Date',
      'Coupon',
      'Currency',
    ]);
    const unknown = await suite.client.GET('/v1/api/iserver/secdef/bond-filters', {
      params: { query: { symbol: 'BOND', issuerId: 'e1' } },
    });
    expect(unknown.response.status).toBe(400);
  });
});

describe('security definitions, details, schedules and rates', () => {
  const suite = useTarget();

  it('getSecurityDefinitions answers the known ids; a malformed list answers 400', async () => {
    const { data, response } = await suite.client.GET('/v1/api/trsrv/secdef', {
      params: { query: { conids: `${AAPL},1` } },
    });
    expect(response.status).toBe(200);
    expect(data?.secdef?.map((definition) => definition.conid)).toEqual([AAPL]);
    const malformed = await suite.client.GET('/v1/api/trsrv/secdef', {
      params: { query: { conids: 'AAPL' } },
    });
    expect(malformed.response.status).toBe(400);
  });

  it('getExchangeContracts lists the stocks of an exchange', async () => {
    const { data, response } = await suite.client.GET('/v1/api/trsrv/all-conids', {
      params: { query: { exchange: 'NASDAQ' } },
    });
    expect(response.status).toBe(200);
    expect(data?.map((contract) => contract.conid)).toContain(AAPL);
    const missing = await suite.client.GET('/v1/api/trsrv/all-conids', {
      params: { query: {} as never },
    });
    expect(missing.response.status).toBe(400);
  });

  it('getSymbolTradingSchedules gives a week per exchange of the symbol', async () => {
    const { data, response } = await suite.client.GET('/v1/api/trsrv/secdef/schedule', {
      params: { query: { assetClass: 'STK', symbol: 'AAPL', exchangeFilter: 'NASDAQ,NYSE' } },
    });
    expect(response.status).toBe(200);
    expect(data?.map((schedule) => schedule.exchange)).toEqual(['NASDAQ']);
    expect(data?.[0]?.schedules).toHaveLength(7);
    const badClass = await suite.client.GET('/v1/api/trsrv/secdef/schedule', {
      params: { query: { assetClass: 'XYZ' as never, symbol: 'AAPL' } },
    });
    expect(badClass.response.status).toBe(400);
  });

  it('getContractTradingSchedule keys the trading days by date; unknown conid 400', async () => {
    const { data, response } = await suite.client.GET('/v1/api/contract/trading-schedule', {
      params: { query: { conid: AAPL } },
    });
    expect(response.status).toBe(200);
    expect(Object.keys(data?.schedules ?? {}).length).toBeGreaterThan(0);
    const unknown = await suite.client.GET('/v1/api/contract/trading-schedule', {
      params: { query: { conid: 1 } },
    });
    expect(unknown.response.status).toBe(400);
  });

  it('getContractInfo details a contract; an unknown conid answers 400', async () => {
    const { data, response } = await suite.client.GET('/v1/api/iserver/contract/{conid}/info', {
      params: { path: { conid: AAPL } },
    });
    expect(response.status).toBe(200);
    expect(data?.con_id).toBe(AAPL);
    const unknown = await suite.client.GET('/v1/api/iserver/contract/{conid}/info', {
      params: { path: { conid: 1 } },
    });
    expect(unknown.response.status).toBe(400);
  });

  it('getContractInfoAndRules adds the rules for a buy or a sell', async () => {
    const { data, response } = await suite.client.GET(
      '/v1/api/iserver/contract/{conid}/info-and-rules',
      { params: { path: { conid: AAPL }, query: { isBuy: 'True' } } },
    );
    expect(response.status).toBe(200);
    expect(data?.rules?.orderTypes).toContain('limit');
    const unknown = await suite.client.GET('/v1/api/iserver/contract/{conid}/info-and-rules', {
      params: { path: { conid: 1 } },
    });
    expect(unknown.response.status).toBe(400);
  });

  it('getExchangeRate converts through the currency pairs; unknown currency 400', async () => {
    const { data, response } = await suite.client.GET('/v1/api/iserver/exchangerate', {
      params: { query: { source: 'USD', target: 'USD' } },
    });
    expect(response.status).toBe(200);
    expect(data?.rate).toBe(1);
    const unknown = await suite.client.GET('/v1/api/iserver/exchangerate', {
      params: { query: { source: 'USD', target: 'XYZ' } },
    });
    expect(unknown.response.status).toBe(400);
  });
});

describe('event markets', () => {
  const suite = useTarget();

  it('getEventCategoryTree lists categories with their markets', async () => {
    const { data, response } = await suite.client.GET('/v1/api/forecast/category/tree');
    expect(response.status).toBe(200);
    const markets = Object.values(data?.categories ?? {}).flatMap((node) => node.markets ?? []);
    expect(markets.length).toBeGreaterThan(0);
  });

  it('getEventMarket lists a market and its contracts; another conid answers 400', async () => {
    const { data, response } = await suite.client.GET('/v1/api/forecast/contract/market', {
      params: { query: { underlyingConid: 658663572 } },
    });
    expect(response.status).toBe(200);
    expect(data?.contracts?.map((contract) => contract.side)).toContain('N');
    const other = await suite.client.GET('/v1/api/forecast/contract/market', {
      params: { query: { underlyingConid: AAPL } },
    });
    expect(other.response.status).toBe(400);
  });

  it('getEventContractSchedules gives trading times by weekday; a stock answers 400', async () => {
    const { data, response } = await suite.client.GET('/v1/api/forecast/contract/schedules', {
      params: { query: { conid: 658663601 } },
    });
    expect(response.status).toBe(200);
    expect(data?.trading_schedules?.length).toBeGreaterThan(0);
    const stock = await suite.client.GET('/v1/api/forecast/contract/schedules', {
      params: { query: { conid: AAPL } },
    });
    expect(stock.response.status).toBe(400);
  });
});

// Contracts: stocks, futures, rules, algos, currency pairs and event contracts.
import { useTarget } from '../support/target.js';

describe('contracts', () => {
  const suite = useTarget();

  it('getStocksBySymbols answers each symbol, an unknown one with an empty array', async () => {
    const { data, response } = await suite.client.GET('/v1/api/trsrv/stocks', {
      params: { query: { symbols: 'AAPL,ZZZZ' } },
    });
    expect(response.status).toBe(200);
    expect(data?.AAPL?.[0]?.contracts?.map((c) => c.conid)).toContain(265598);
    expect(data?.ZZZZ).toEqual([]);
  });

  it('getStocksBySymbols with a lower-case symbol answers 400', async () => {
    const { response } = await suite.client.GET('/v1/api/trsrv/stocks', {
      params: { query: { symbols: 'aapl' } },
    });
    expect(response.status).toBe(400);
  });

  it('getFuturesBySymbols lists unexpired contracts, nearest first', async () => {
    const { data, response } = await suite.client.GET('/v1/api/trsrv/futures', {
      params: { query: { symbols: 'ES' } },
    });
    expect(response.status).toBe(200);
    const expiries = (data?.ES ?? []).map((f) => f.expirationDate);
    expect(expiries.length).toBeGreaterThan(0);
    expect([...expiries].sort((a, b) => a - b)).toEqual(expiries);
  });

  it('getContractRules answers order types for a stock; an unknown conid answers 400', async () => {
    const { data, response } = await suite.client.POST('/v1/api/iserver/contract/rules', {
      body: { conid: 265598, isBuy: true },
    });
    expect(response.status).toBe(200);
    expect(data?.orderTypes).toContain('limit');
    const unknown = await suite.client.POST('/v1/api/iserver/contract/rules', {
      body: { conid: 1, isBuy: true },
    });
    expect(unknown.response.status).toBe(400);
  });

  it('getContractRules and getFuturesBySymbols take the fields public clients send', async () => {
    const rules = await suite.client.POST('/v1/api/iserver/contract/rules', {
      body: { conid: '265598', exchange: 'SMART', isBuy: true },
    });
    expect(rules.response.status).toBe(200);
    expect(rules.data?.tifDefaults?.SIZE).toMatch(/^[0-9]+\.[0-9]{2}$/);
    const futures = await suite.client.GET('/v1/api/trsrv/futures', {
      params: { query: { symbols: 'ES', exchange: 'CME' } },
    });
    expect(futures.response.status).toBe(200);
    expect(futures.data?.ES?.length).toBeGreaterThan(0);
  });

  it('getContractAlgos lists the requested algos with parameters', async () => {
    const { data, response } = await suite.client.GET('/v1/api/iserver/contract/{conid}/algos', {
      params: { path: { conid: 265598 }, query: { algos: 'Adaptive', addParams: '1' } },
    });
    expect(response.status).toBe(200);
    expect(data?.algos?.map((a) => a.id)).toEqual(['Adaptive']);
    expect(data?.algos?.[0]?.parameters?.[0]?.required).toBe('true');
  });

  it('getCurrencyPairs lists the pairs a currency is in', async () => {
    const { data, response } = await suite.client.GET('/v1/api/iserver/currency/pairs', {
      params: { query: { currency: 'EUR' } },
    });
    expect(response.status).toBe(200);
    expect(data?.EUR?.map((p) => p.symbol)).toContain('EUR.USD');
  });

  it('getEventContractRules and getEventContractDetails answer for a yes or a no conid', async () => {
    const rules = await suite.client.GET('/v1/api/forecast/contract/rules', {
      params: { query: { conid: 658663601 } },
    });
    expect(rules.response.status).toBe(200);
    const details = await suite.client.GET('/v1/api/forecast/contract/details', {
      params: { query: { conid: 658663602 } },
    });
    expect(details.response.status).toBe(200);
    expect(details.data?.underlying_conid).toBe(658663572);
  });

  it('getEventContractDetails of a stock conid answers 400', async () => {
    const { response } = await suite.client.GET('/v1/api/forecast/contract/details', {
      params: { query: { conid: 265598 } },
    });
    expect(response.status).toBe(400);
  });
});

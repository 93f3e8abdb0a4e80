// Market data: snapshots and their subscriptions, history bars, from one market.
import { useTarget } from '../support/target.js';

const AAPL = 265598;

describe('market data', () => {
  const suite = useTarget();

  const snapshot = (fields: string) =>
    suite.client.GET('/v1/api/iserver/marketdata/snapshot', {
      params: { query: { conids: String(AAPL), fields } },
    });

  it('getMarketDataSnapshot subscribes first, then answers the fields as strings', async () => {
    await suite.client.GET('/v1/api/iserver/accounts');
    const first = await snapshot('31,84,86');
    expect(first.response.status).toBe(200);
    expect(first.data?.[0]?.conid).toBe(AAPL);
    const second = await snapshot('31,84,86');
    expect(second.response.status).toBe(200);
    const [entry] = second.data ?? [];
    expect(entry?.['31']).toMatch(/^C?\d+\.\d{2}$/);
    expect(Number(entry?.['84'])).toBeLessThanOrEqual(Number(entry?.['86']));
  });

  it('unsubscribeMarketData and unsubscribeAllMarketData end subscriptions', async () => {
    await suite.client.GET('/v1/api/iserver/accounts');
    await snapshot('31');
    const one = await suite.client.POST('/v1/api/iserver/marketdata/unsubscribe', {
      body: { conid: AAPL },
    });
    expect(one.response.status).toBe(200);
    expect(one.data).toEqual({ success: true });
    const all = await suite.client.GET('/v1/api/iserver/marketdata/unsubscribeall');
    expect(all.response.status).toBe(200);
    expect(all.data).toEqual({ unsubscribed: true });
    const again = await snapshot('31');
    expect(again.data?.[0]).not.toHaveProperty('31');
  });

  it('unsubscribeMarketData answers 500 for a contract without a subscription', async () => {
    await suite.client.GET('/v1/api/iserver/accounts');
    await suite.client.GET('/v1/api/iserver/marketdata/unsubscribeall');
    const { response, error } = await suite.client.POST('/v1/api/iserver/marketdata/unsubscribe', {
      body: { conid: AAPL },
    });
    expect(response.status).toBe(500);
    expect(error).toMatchObject({ statusCode: 500 });
  });

  it('getMarketDataHistory answers a year of daily bars, oldest first', async () => {
    const { data, response } = await suite.client.GET('/v1/api/iserver/marketdata/history', {
      params: { query: { conid: AAPL, period: '1y', bar: '1d' } },
    });
    expect(response.status).toBe(200);
    const times = (data?.data ?? []).map((bar) => bar.t ?? NaN);
    expect(times.length).toBeGreaterThanOrEqual(250);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('getMarketDataHistory refuses a period the service does not take with 400', async () => {
    const { response } = await suite.client.GET('/v1/api/iserver/marketdata/history', {
      params: { query: { conid: AAPL, period: '31min', bar: '1min' } },
    });
    expect(response.status).toBe(400);
  });

  it('getScannerParameters lists the scan types and locations runScanner takes', async () => {
    const { data, response } = await suite.client.GET('/v1/api/iserver/scanner/params');
    expect(response.status).toBe(200);
    const type = data?.scan_type_list?.[0]?.code ?? '';
    const location = data?.location_tree?.[0]?.locations?.[0]?.type ?? '';
    const instrument = data?.instrument_list?.[0]?.type ?? '';
    const scan = await suite.client.POST('/v1/api/iserver/scanner/run', {
      body: { instrument, type: 'MOST_ACTIVE', location },
    });
    expect(type).toBe('TOP_PERC_GAIN');
    expect(scan.response.status).toBe(200);
    expect(scan.data?.contracts?.length).toBeGreaterThan(0);
  });

  it('runScanner refuses an unknown scan type with 400', async () => {
    const { response } = await suite.client.POST('/v1/api/iserver/scanner/run', {
      body: { instrument: 'STK', type: 'NOPE', location: 'STK.US.MAJOR' },
    });
    expect(response.status).toBe(400);
  });

  it('getRegulatorySnapshot answers the real-time quote and last trade', async () => {
    const { data, response } = await suite.client.GET('/v1/api/md/regsnapshot', {
      params: { query: { conid: AAPL } },
    });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ conid: AAPL, HasDelayed: false });
    expect(Number(data?.['84'])).toBeLessThanOrEqual(Number(data?.['86']));
  });

  it('getRegulatorySnapshot refuses an unknown contract with 400', async () => {
    const { response } = await suite.client.GET('/v1/api/md/regsnapshot', {
      params: { query: { conid: 999_999_999 } },
    });
    expect(response.status).toBe(400);
  });

  it('getHmdsHistory answers 404 while the service starts, then the bars', async () => {
    const request = () =>
      suite.client.GET('/v1/api/hmds/history', {
        params: { query: { conid: AAPL, period: '1w', bar: '1h', outsideRth: 'True' } },
      });
    const first = await request();
    const answer = first.response.status === 404 ? await request() : first;
    expect(answer.response.status).toBe(200);
    const times = (answer.data?.data ?? []).map((bar) => bar.t);
    expect(times.length).toBeGreaterThan(0);
    expect(answer.data?.points).toBe(times.length);
  });

  it('getHmdsHistory refuses a bar size the service does not take with 400', async () => {
    const request = () =>
      suite.client.GET('/v1/api/hmds/history', {
        params: { query: { conid: AAPL, period: '1d', bar: 'fortnight' } },
      });
    const first = await request();
    const answer = first.response.status === 404 ? await request() : first;
    expect(answer.response.status).toBe(400);
  });

  it('getHmdsScannerParameters lists what runHmdsScanner takes', async () => {
    const { data, response } = await suite.client.GET('/v1/api/hmds/scanner/params');
    expect(response.status).toBe(200);
    const scanCode = data?.scan_type_list?.[0]?.code ?? '';
    const locations = data?.location_tree?.[0]?.locations?.[0]?.type ?? '';
    const instrument = data?.instrument_list?.[0]?.type ?? '';
    const run = () =>
      suite.client.POST('/v1/api/hmds/scanner/run', {
        body: { instrument, locations, scanCode: 'MOST_ACTIVE', maxItems: 5, filters: [] },
      });
    expect(scanCode).toBe('TOP_PERC_GAIN');
    const first = await run();
    const scan = first.response.status === 404 ? await run() : first;
    expect(scan.response.status).toBe(200);
    expect(scan.data?.Contracts?.Contract?.length).toBeGreaterThan(0);
    expect(scan.data?.id).toMatch(/^scanner\d+$/);
  });

  it('runHmdsScanner answers 404 on the first request of a session, 400 for an unknown scan code', async () => {
    const run = () =>
      suite.client.POST('/v1/api/hmds/scanner/run', {
        body: { instrument: 'STK', locations: 'STK.US.MAJOR', scanCode: 'NOPE' },
      });
    const first = await run();
    if (first.response.status === 404) {
      expect(first.error).toMatchObject({ statusCode: 404 });
      expect((await run()).response.status).toBe(400);
    } else {
      expect(first.response.status).toBe(400);
    }
  });
});

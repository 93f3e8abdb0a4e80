// Contract search, the option chain behind it, contract details, schedules and event markets.
import { instrumentsOf } from '../../src/domain/market/market.js';
import { startServer, type Harness } from '../harness.js';
import { userSession } from '../user-session.js';

const AAPL = 265598;

describe('contract search and option chains', () => {
  let server: Harness;
  let headers: Record<string, string>;
  beforeEach(async () => {
    server = await startServer();
    headers = userSession(server, 'demo_individual').headers;
  });
  afterEach(() => server.close());

  const get = (path: string) => server.call('GET', path, { headers });

  it('searches by symbol: each listing, with the options months of the US one', async () => {
    const answer = await get('/v1/api/iserver/secdef/search?symbol=AAPL');
    expect(answer.status).toBe(200);
    expect(answer.body.map((entry: { conid: string }) => entry.conid)).toEqual([
      '265598',
      '38708077',
    ]);
    const [nasdaq, mexico] = answer.body;
    expect(nasdaq.companyHeader).toBe('APPLE INC - NASDAQ');
    const options = nasdaq.sections.find(
      (section: { secType: string }) => section.secType === 'OPT',
    );
    expect(options.months).toMatch(/^[A-Z]{3}\d{2}(;[A-Z]{3}\d{2}){3}$/);
    expect(nasdaq.opt.split(';')).toHaveLength(4);
    expect(mexico.sections).toEqual([{ secType: 'STK' }]);
  });

  it('searches names, indexes and bond issuers; no match is an empty array', async () => {
    const byName = await server.call('POST', '/v1/api/iserver/secdef/search', {
      headers,
      body: { symbol: 'micro', name: true, referrer: 'anything' },
    });
    expect(byName.body.map((entry: { symbol: string }) => entry.symbol)).toEqual(['MSFT']);
    const index = await get('/v1/api/iserver/secdef/search?symbol=ES&secType=IND');
    expect(index.body[0].sections[1]).toMatchObject({ secType: 'FUT', exchange: 'CME' });
    const bonds = await get('/v1/api/iserver/secdef/search?symbol=treasury&secType=BOND');
    expect(bonds.body[0].issuers).toEqual([{ id: 'e7000101', name: 'United States Treasury' }]);
    const none = await get('/v1/api/iserver/secdef/search?symbol=NOPE&name=True');
    expect(none).toMatchObject({ status: 200, body: [] });
  });

  it('needs the search before strikes and derivative details, as the service does', async () => {
    const strikes = await get(
      '/v1/api/iserver/secdef/strikes?conid=265598&sectype=OPT&month=JAN26',
    );
    expect(strikes.status).toBe(400);
    expect(strikes.body.error).toMatch(/search the underlying first/);
    const info = await get('/v1/api/iserver/secdef/info?conid=265598&sectype=OPT&month=JAN26');
    expect(info.status).toBe(400);
  });

  it('goes from a search to the strikes to the contracts of an option', async () => {
    const search = await get('/v1/api/iserver/secdef/search?symbol=AAPL');
    const months: string = search.body[0].sections[1].months;
    const month = months.split(';')[0] ?? '';
    const strikes = await get(
      `/v1/api/iserver/secdef/strikes?conid=${AAPL}&sectype=OPT&month=${month}`,
    );
    expect(strikes.status).toBe(200);
    expect(strikes.body.call).toEqual(strikes.body.put);
    const price = server.brokerage.market.price(AAPL) ?? 0;
    expect(strikes.body.call[0]).toBeLessThan(price);
    expect(strikes.body.call.at(-1)).toBeGreaterThan(price);
    const strike = strikes.body.call[5];
    const info = await get(
      `/v1/api/iserver/secdef/info?conid=${AAPL}&sectype=OPT&month=${month.toLowerCase()}&strike=${strike}&right=C`,
    );
    expect(info.status).toBe(200);
    expect(info.body).toHaveLength(1);
    expect(info.body[0]).toMatchObject({
      ticker: 'AAPL',
      secType: 'OPT',
      right: 'C',
      strike,
      multiplier: '100',
    });
    expect(info.body[0].maturityDate).toMatch(/^\d{8}$/);
    const both = await get(
      `/v1/api/iserver/secdef/info?conid=${AAPL}&sectype=OPT&month=${month}&strike=${strike}`,
    );
    expect(both.body.map((entry: { right: string }) => entry.right)).toEqual(['C', 'P']);
    const noMonth = await get(`/v1/api/iserver/secdef/info?conid=${AAPL}&sectype=OPT`);
    expect(noMonth.status).toBe(400);
  });

  it('details a stock by its own conid, futures by the index, bonds by issuer', async () => {
    const stock = await get(`/v1/api/iserver/secdef/info?conid=${AAPL}`);
    expect(stock.body).toEqual([expect.objectContaining({ conid: AAPL, right: '?', strike: 0 })]);
    await get('/v1/api/iserver/secdef/search?symbol=ES&secType=IND');
    const futures = await get('/v1/api/iserver/secdef/info?conid=11004968&sectype=FUT&month=MAR26');
    expect(futures.body).toEqual([expect.objectContaining({ conid: 551601561, multiplier: '50' })]);
    const bonds = await get('/v1/api/iserver/secdef/info?sectype=BOND&issuerId=e7000202');
    expect(bonds.body.map((bond: { conid: number }) => bond.conid)).toEqual([611200201, 611200202]);
    const filters = await get('/v1/api/iserver/secdef/bond-filters?symbol=BOND&issuerId=e7000202');
    expect(filters.body.bondFilters[3].options).toEqual([{ value: 'EUR' }, { value: 'USD' }]);
    const unknown = await get('/v1/api/iserver/secdef/bond-filters?symbol=BOND&issuerId=e1');
    expect(unknown.status).toBe(400);
  });

  it('gives options the greeks in snapshots, from the pricing model', async () => {
    await get('/v1/api/iserver/accounts');
    const option = server.brokerage.market
      .optionsOf(AAPL)
      .find((candidate) => candidate.option?.right === 'C');
    const path = `/v1/api/iserver/marketdata/snapshot?conids=${option?.conid}&fields=31,7308,7309,7310,7311,7633`;
    await get('/v1/api/iserver/secdef/search?symbol=AAPL');
    await get(path);
    const [entry] = (await get(path)).body;
    expect(Number(entry['7308'])).toBeGreaterThan(0);
    expect(Number(entry['7308'])).toBeLessThanOrEqual(1);
    expect(Number(entry['7310'])).toBeLessThan(0);
    expect(entry['7633']).toBe('28.0%');
  });

  it('answers no market data for a derivative until its underlying is searched', async () => {
    await get('/v1/api/iserver/accounts');
    const option = server.brokerage.market.optionsOf(AAPL)[0];
    const future = 551601561;
    const conids = `${option?.conid},${future}`;
    const path = `/v1/api/iserver/marketdata/snapshot?conids=${conids}&fields=31`;
    const bare = (conid: number | undefined) => ({
      conid,
      conidEx: String(conid),
      _updated: server.clock.now(),
      server_id: 'q0',
      '6119': 'q0',
    });
    await get(path);
    const unsearched = await get(path);
    expect(unsearched.status).toBe(200);
    expect(unsearched.body).toEqual([bare(option?.conid), bare(future)]);
    await get('/v1/api/iserver/secdef/search?symbol=AAPL');
    await get('/v1/api/iserver/secdef/search?symbol=ES&secType=IND');
    expect((await get(path)).body).toEqual([bare(option?.conid), bare(future)]);
    const [optionEntry, futureEntry] = (await get(path)).body;
    expect(optionEntry['31']).toBeDefined();
    expect(futureEntry['31']).toBeDefined();
  });

  it('lists option conids apart from every other contract of the catalogue', () => {
    const catalogue = new Set(
      instrumentsOf(server.brokerage.market.catalogueData).map(
        ({ instrument }) => instrument.conid,
      ),
    );
    const options = [AAPL, 272093].flatMap((conid) => server.brokerage.market.optionsOf(conid));
    expect(options.length).toBeGreaterThan(0);
    expect(options.filter((option) => catalogue.has(option.conid))).toEqual([]);
  });
});

describe('contract details, schedules, rates and event markets', () => {
  let server: Harness;
  let headers: Record<string, string>;
  beforeEach(async () => {
    server = await startServer();
    headers = userSession(server, 'demo_individual').headers;
  });
  afterEach(() => server.close());

  const get = (path: string) => server.call('GET', path, { headers });

  it('details a contract, with its rules for a buy or a sell', async () => {
    const info = await get(`/v1/api/iserver/contract/${AAPL}/info`);
    expect(info.body).toMatchObject({ con_id: AAPL, instrument_type: 'STK', exchange: 'SMART' });
    const buy = await get(`/v1/api/iserver/contract/${AAPL}/info-and-rules?isBuy=True`);
    const sell = await get(`/v1/api/iserver/contract/${AAPL}/info-and-rules?isBuy=false`);
    expect(buy.body.con_id).toBe(AAPL);
    expect(buy.body.rules.limitPrice).toBeGreaterThan(sell.body.rules.limitPrice);
    const option = server.brokerage.market.optionsOf(AAPL)[0];
    const optionInfo = await get(`/v1/api/iserver/contract/${option?.conid}/info`);
    expect(optionInfo.body).toMatchObject({ underlying_con_id: AAPL, multiplier: '100' });
    expect(optionInfo.body.local_symbol).toMatch(/^AAPL {2}\d{6}[CP]\d{8}$/);
    expect((await get('/v1/api/iserver/contract/1/info')).status).toBe(400);
  });

  it('gives security definitions, leaving unknown ids out', async () => {
    const answer = await get('/v1/api/trsrv/secdef?conids=265598,1,756733');
    expect(
      answer.body.secdef.map((d: { conid: number; type: string }) => [d.conid, d.type]),
    ).toEqual([
      [AAPL, 'COMMON'],
      [756733, 'ETF'],
    ]);
    const all = await get('/v1/api/trsrv/all-conids?exchange=nasdaq');
    expect(all.body.map((c: { ticker: string }) => c.ticker)).toContain('QQQ');
  });

  it('gives trading schedules from the exchange hours', async () => {
    const bySymbol = await get('/v1/api/trsrv/secdef/schedule?assetClass=STK&symbol=SAP');
    expect(bySymbol.body.map((s: { exchange: string }) => s.exchange)).toEqual(['IBIS', 'NYSE']);
    const nyse = bySymbol.body[1];
    expect(nyse.schedules).toHaveLength(7);
    const weekday = nyse.schedules.find((day: { sessions: unknown[] }) => day.sessions.length > 0);
    expect(weekday.sessions[0]).toEqual({
      openingTime: '0930',
      closingTime: '1600',
      prop: 'LIQUID',
    });
    const byConid = await get(`/v1/api/contract/trading-schedule?conid=${AAPL}`);
    const days = Object.values(byConid.body.schedules) as {
      liquid_hours: { opening: number; closing: number }[];
    }[];
    expect(days.length).toBe(5);
    expect(
      (days[0]?.liquid_hours[0]?.closing ?? 0) - (days[0]?.liquid_hours[0]?.opening ?? 0),
    ).toBe(6.5 * 3600);
  });

  it('converts currencies through the currency pairs', async () => {
    const rate = await get('/v1/api/iserver/exchangerate?source=EUR&target=USD');
    expect(rate.body.rate).toBeCloseTo(1.085, 6);
    const inverse = await get('/v1/api/iserver/exchangerate?source=USD&target=EUR');
    expect(inverse.body.rate).toBeCloseTo(1 / 1.085, 6);
    const unknown = await get('/v1/api/iserver/exchangerate?source=USD&target=XXX');
    expect(unknown.status).toBe(400);
  });

  it('lists event categories, markets and their schedules', async () => {
    const tree = await get('/v1/api/forecast/category/tree');
    const nodes = Object.values(tree.body.categories) as { markets?: { conid: number }[] }[];
    const conids = nodes.flatMap((node) => node.markets ?? []).map((market) => market.conid);
    expect(conids).toEqual([658663572, 671231580]);
    const market = await get('/v1/api/forecast/contract/market?underlyingConid=658663572');
    expect(market.body.contracts.map((c: { side: string }) => c.side)).toEqual([
      'Y',
      'N',
      'Y',
      'N',
    ]);
    expect((await get('/v1/api/forecast/contract/market?underlyingConid=1')).status).toBe(400);
    const schedules = await get('/v1/api/forecast/contract/schedules?conid=658663602');
    expect(schedules.body.trading_schedules[0]).toEqual({
      day_of_week: 'Monday',
      trading_times: [{ open: '12:00 AM', close: '11:59 PM' }],
    });
  });
});

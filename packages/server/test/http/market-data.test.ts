import { startServer, WatchedClock, type Harness } from '../harness.js';
import { AAPL, BRK_B, limitBuy, SAP_IBIS, tradingCalls } from '../trading-helpers.js';

describe('market data', () => {
  let server: Harness;
  let calls: ReturnType<typeof tradingCalls>;
  const start = async (gatewayUser = 'demo_individual') => {
    server = await startServer({ gatewayUser, sessionTimeoutMs: 60 * 60_000 });
    calls = tradingCalls(server);
  };
  afterEach(() => server.close());

  const snapshot = (conids: string, fields?: string) =>
    server.call(
      'GET',
      `/v1/api/iserver/marketdata/snapshot?conids=${conids}${fields ? `&fields=${fields}` : ''}`,
    );
  const history = (query: string) =>
    server.call('GET', `/v1/api/iserver/marketdata/history?${query}`);

  describe('snapshots', () => {
    it('needs /iserver/accounts first', async () => {
      await start();
      const answer = await snapshot(String(AAPL), '31');
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: 'Please query /iserver/accounts first',
        statusCode: 400,
      });
    });

    it('subscribes on the first request, then answers the asked fields as strings', async () => {
      await start();
      calls.accountsQueried();
      const first = await snapshot(String(AAPL), '31,84,86');
      expect(first.status).toBe(200);
      expect(first.body).toEqual([
        {
          conid: AAPL,
          conidEx: String(AAPL),
          _updated: server.clock.now(),
          server_id: 'q0',
          '6119': 'q0',
        },
      ]);
      calls.setPrice(AAPL, 191.25);
      const second = await snapshot(String(AAPL), '31,84,86,55,6509,9999');
      expect(second.status).toBe(200);
      expect(second.body).toEqual([
        {
          conid: AAPL,
          conidEx: String(AAPL),
          _updated: server.clock.now(),
          server_id: 'q0',
          '6119': 'q0',
          '31': '191.25',
          '84': '191.23',
          '86': '191.27',
          '55': 'AAPL',
          '6509': 'RpB',
        },
      ]);
    });

    it('answers change from the previous close and the default fields', async () => {
      await start();
      calls.accountsQueried();
      await snapshot(String(AAPL));
      const [entry] = (await snapshot(String(AAPL))).body as Record<string, string>[];
      expect(Object.keys(entry ?? {}).sort()).toEqual(
        [
          '31',
          '82',
          '83',
          '84',
          '86',
          '7221',
          '_updated',
          'conid',
          'conidEx',
          'server_id',
          '6119',
        ].sort(),
      );
      const prior = Number(entry?.['31']) - Number(entry?.['82']);
      expect(entry?.['83']).toBe(`${((Number(entry?.['82']) / prior) * 100).toFixed(2)}%`);
    });

    it('shows delayed data where the user has no real-time permission', async () => {
      await start();
      calls.accountsQueried();
      await snapshot(String(SAP_IBIS), '31,6509');
      const before = server.brokerage.market.price(SAP_IBIS);
      calls.setPrice(SAP_IBIS, 170);
      const [entry] = (await snapshot(String(SAP_IBIS), '31,6509')).body as Record<
        string,
        string
      >[];
      expect(entry?.['6509']).toBe('DpB');
      expect(entry?.['31']).not.toBe('170.00');
      server.clock.advance(15 * 60_000);
      const [later] = (await snapshot(String(SAP_IBIS), '31')).body as Record<string, string>[];
      expect(later?.['31']).toBe('170.00');
      expect(before).not.toBe(170);
    });

    it('answers no fields for a contract without market data', async () => {
      await start();
      calls.accountsQueried();
      await snapshot(String(BRK_B), '31');
      const [entry] = (await snapshot(String(BRK_B), '31')).body as Record<string, unknown>[];
      expect(entry).not.toHaveProperty('31');
    });

    it('answers the position of the selected account in fields 73-80, from the one valuation', async () => {
      await start();
      calls.accountsQueried();
      calls.setPrice(AAPL, 180.25);
      const fields = '31,73,74,75,76,77,78,79,80';
      const notHeld = 8314;
      await snapshot(`${AAPL},${notHeld}`, fields);
      const [held, flat] = (await snapshot(`${AAPL},${notHeld}`, fields)).body as Record<
        string,
        unknown
      >[];
      // 100 AAPL at an average 170.25, now 180.25, closed at 189.50 the day before.
      expect(held).toMatchObject({
        '73': '18025.00',
        '74': '170.25',
        '75': '1000.00',
        '76': '100',
        '77': '1,000',
        '78': '-925.00',
        '79': '0.00',
        '80': '5.87%',
      });
      expect(Object.keys(flat ?? {})).toContain('31');
      expect(Object.keys(flat ?? {})).not.toContain('73');
    });

    it('starts over after unsubscribe and unsubscribeall', async () => {
      await start();
      calls.accountsQueried();
      await snapshot(String(AAPL), '31');
      const unsubscribed = await server.call('POST', '/v1/api/iserver/marketdata/unsubscribe', {
        body: { conid: AAPL },
      });
      expect(unsubscribed).toMatchObject({ status: 200, body: { success: true } });
      const [again] = (await snapshot(String(AAPL), '31')).body as Record<string, unknown>[];
      expect(again).not.toHaveProperty('31');
      const all = await server.call('GET', '/v1/api/iserver/marketdata/unsubscribeall');
      expect(all).toMatchObject({ status: 200, body: { unsubscribed: true } });
      const [fresh] = (await snapshot(String(AAPL), '31')).body as Record<string, unknown>[];
      expect(fresh).not.toHaveProperty('31');
    });
  });

  describe('history', () => {
    it('lets 5 requests of a session run at once and answers the 6th with 429', async () => {
      const clock = new WatchedClock();
      server = await startServer({ clock, pacing: {}, sessionTimeoutMs: 60 * 60_000 });
      server.controls.injectFault('getMarketDataHistory', { latencyMs: 1_000 });
      const query = `conid=${AAPL}&period=1d&bar=1h`;
      const running = [];
      for (let request = 0; request < 5; request++) {
        const scheduled = clock.whenScheduled(1_000);
        running.push(history(query));
        await scheduled;
      }
      const sixth = await history(query);
      expect(sixth.status).toBe(429);
      expect(sixth.body).toEqual({ error: 'Too Many Requests', statusCode: 429 });
      clock.advance(1_000);
      expect((await Promise.all(running)).map((answer) => answer.status)).toEqual([
        200, 200, 200, 200, 200,
      ]);
      server.controls.clearFaults();
      expect((await history(query)).status).toBe(200);
    });

    it('takes outsideRth as Python clients write it (True, False)', async () => {
      await start();
      const spelled = await history(`conid=${AAPL}&period=1d&bar=1h&outsideRth=True`);
      const lower = await history(`conid=${AAPL}&period=1d&bar=1h&outsideRth=true`);
      expect(spelled.status).toBe(200);
      expect(spelled.body).toMatchObject({ outsideRth: true, data: lower.body.data });
      const off = await history(`conid=${AAPL}&period=1d&bar=1h&outsideRth=False`);
      expect(off.body).toMatchObject({ outsideRth: false });
    });

    it('answers a year of daily bars ending at the last price', async () => {
      await start();
      calls.setPrice(AAPL, 192.5);
      const answer = await history(`conid=${AAPL}&period=1y&bar=1d`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        symbol: 'AAPL',
        text: 'APPLE INC',
        priceFactor: 100,
        timePeriod: '1y',
        barLength: 86_400,
        outsideRth: false,
        direction: -1,
      });
      const bars = answer.body.data as { c: number; t: number }[];
      expect(bars.length).toBeGreaterThanOrEqual(250);
      expect(answer.body.points).toBe(bars.length - 1);
      expect(bars.at(-1)?.c).toBe(192.5);
    });

    it('answers the latest minute bars with the trades set through the market', async () => {
      await start();
      calls.setPrice(AAPL, 190);
      calls.setPrice(AAPL, 191);
      calls.setPrice(AAPL, 189.75);
      const answer = await history(`conid=${AAPL}&period=30min&bar=1min`);
      expect(answer.body.data.at(-1)).toMatchObject({ o: 189.5, h: 191, l: 189.5, c: 189.75 });
    });

    it('refuses periods and bars the service does not take, with 400', async () => {
      await start();
      for (const query of [
        `conid=${AAPL}&period=31min&bar=1min`,
        `conid=${AAPL}&period=1d&bar=minute`,
        `conid=${AAPL}&period=1d&bar=1min&startTime=2026-01-05`,
        `conid=${AAPL}&period=1d&bar=1min&direction=1`,
        `conid=${BRK_B}&period=1d&bar=1min`,
        `conid=1&period=1d&bar=1min`,
      ]) {
        const answer = await history(query);
        expect(answer.status).toBe(400);
        expect(answer.body.statusCode).toBe(400);
      }
    });

    it('agrees with the snapshot and a fill', async () => {
      await start();
      calls.accountsQueried();
      await calls.suppress('o10151');
      await snapshot(String(AAPL), '31');
      await calls.place(limitBuy(10, 189));
      server.clock.advance(60_000);
      calls.setPrice(AAPL, 188.8);
      const [execution] = server.brokerage.store.collection('executions').values();
      const [entry] = (await snapshot(String(AAPL), '31')).body as Record<string, string>[];
      const bars = (await history(`conid=${AAPL}&period=5min&bar=1min`)).body.data as {
        h: number;
        l: number;
        c: number;
      }[];
      const latest = bars.at(-1);
      expect(entry?.['31']).toBe('188.80');
      expect(latest?.c).toBe(188.8);
      expect(execution?.price).toBeGreaterThanOrEqual(latest?.l ?? Infinity);
      expect(execution?.price).toBeLessThanOrEqual(latest?.h ?? -Infinity);
    });
  });

  describe('unsubscribing', () => {
    it('answers 500 for a contract without a subscription, as the service does', async () => {
      await start();
      calls.accountsQueried();
      const answer = await server.call('POST', '/v1/api/iserver/marketdata/unsubscribe', {
        body: { conid: AAPL },
      });
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({
        error: `No market data subscription for contract ${AAPL}`,
        statusCode: 500,
      });
    });
  });

  describe('regulatory snapshots', () => {
    const regulatory = (conid: number) =>
      server.call('GET', `/v1/api/md/regsnapshot?conid=${conid}`);
    const usdCash = () => server.brokerage.account('U1234567')?.cash.USD ?? 0;

    it('answer the real-time quote and last trade, free on an exchange the user sees in real time', async () => {
      await start();
      // A trade between two whole minutes (its sizes once came out in parts of a lot: a 500).
      server.clock.advance(12_345);
      calls.setPrice(AAPL, 191.25);
      const before = usdCash();
      const answer = await regulatory(AAPL);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        conid: AAPL,
        conidEx: String(AAPL),
        HasDelayed: false,
        '31': '191.25',
        '84': '191.23',
        '86': '191.27',
        '7058': 'Q',
      });
      expect(Number.isInteger(answer.body['88'])).toBe(true);
      expect(Number.isInteger(answer.body['85'])).toBe(true);
      expect(usdCash()).toBe(before);
    });

    it('cost 0.01 USD where the user sees the exchange delayed, and answer it in real time', async () => {
      await start();
      const before = usdCash();
      calls.setPrice(SAP_IBIS, 120.5);
      const answer = await regulatory(SAP_IBIS);
      expect(answer.body).toMatchObject({ HasDelayed: false, '31': '120.50' });
      expect(usdCash()).toBeCloseTo(before - 0.01, 2);
    });

    it('refuse a contract without market data with 400', async () => {
      await start();
      expect((await regulatory(BRK_B)).status).toBe(400);
    });
  });

  describe('the historical market-data service', () => {
    const hmds = (query: string) => server.call('GET', `/v1/api/hmds/history?${query}`);

    it('starts on the first request of a session (404), then answers the bars of the one price path', async () => {
      await start();
      calls.setPrice(AAPL, 192.5);
      const first = await hmds(`conid=${AAPL}&period=1w&bar=1h`);
      expect(first.status).toBe(404);
      expect(first.body).toEqual({
        error: 'Historical market data service starting: request again',
        statusCode: 404,
      });
      const answer = await hmds(`conid=${AAPL}&period=1w&bar=1h&outsideRth=True`);
      expect(answer.status).toBe(200);
      const iserver = await history(`conid=${AAPL}&period=1w&bar=1h&outsideRth=true`);
      expect(answer.body.data).toEqual(iserver.body.data);
      expect(answer.body).toMatchObject({
        points: iserver.body.data.length,
        mktDataDelay: 0,
        endTimeVal: server.clock.now(),
        startTimeVal: server.clock.now() - 7 * 86_400_000,
      });
      expect(answer.body.data.at(-1).c).toBe(192.5);
    });

    it('counts direction the other way, and answers bars of bids without volume', async () => {
      await start();
      await hmds(`conid=${AAPL}&period=1d&bar=1h`);
      const startTime = '20260102-15:00:00';
      const forward = await hmds(
        `conid=${AAPL}&period=2d&bar=1h&startTime=${startTime}&direction=-1`,
      );
      const iserverForward = await history(
        `conid=${AAPL}&period=2d&bar=1h&startTime=${startTime}&direction=1`,
      );
      expect(forward.body.data).toEqual(iserverForward.body.data);
      const bids = await hmds(`conid=${AAPL}&period=1d&bar=1h&barType=Bid`);
      expect(bids.status).toBe(200);
      expect(bids.body.data[0]).not.toHaveProperty('v');
    });

    it('scans after the same start: one preflight per session for history and scanner', async () => {
      await start();
      const run = (body: unknown) => server.call('POST', '/v1/api/hmds/scanner/run', { body });
      const scan = {
        instrument: 'STK',
        locations: 'STK.US.MAJOR',
        scanCode: 'TOP_PERC_GAIN',
        secType: 'STK',
        maxItems: 2,
        filters: [{ priceAbove: 5, unknownFilter: 1 }],
      };
      expect((await run(scan)).status).toBe(404);
      expect((await hmds(`conid=${AAPL}&period=1d&bar=1h`)).status).toBe(200);
      const iserver = await server.call('POST', '/v1/api/iserver/scanner/run', {
        body: { instrument: 'STK', type: 'TOP_PERC_GAIN', location: 'STK.US.MAJOR' },
      });
      const answer = await run(scan);
      expect(answer.status).toBe(200);
      const expected = (iserver.body.contracts as { con_id: number }[]).slice(0, 2);
      expect(answer.body).toEqual({
        total: iserver.body.contracts.length,
        size: expected.length,
        offset: 0,
        scanTime: '20260105-15:00:00',
        id: 'scanner1',
        Contracts: {
          Contract: expected.map((contract) => ({
            contractID: contract.con_id,
            inScanTime: '20260105-15:00:00',
          })),
        },
      });
      expect((await run(scan)).body.id).toBe('scanner2');
      // The singular names real clients send (ibind): the same scan; the plural wins over them.
      const contractsOf = async (body: unknown) => (await run(body)).body.Contracts;
      const { locations, filters, ...rest } = scan;
      expect(await contractsOf({ ...rest, location: locations, filter: filters })).toEqual(
        answer.body.Contracts,
      );
      const both = { ...scan, location: 'NOPE', filter: [{ priceAbove: 1e9 }] };
      expect(await contractsOf(both)).toEqual(answer.body.Contracts);
      expect((await run({ ...scan, scanCode: 'NOPE' })).status).toBe(400);
      const params = await server.call('GET', '/v1/api/hmds/scanner/params');
      expect(params.status).toBe(200);
      expect(Object.keys(params.body)).toEqual([
        'scan_type_list',
        'instrument_list',
        'location_tree',
      ]);
    });
  });

  describe('scanners', () => {
    const run = (body: unknown) => server.call('POST', '/v1/api/iserver/scanner/run', { body });

    it('lists scan types, instruments, filters and locations as the service structures them', async () => {
      await start();
      const answer = await server.call('GET', '/v1/api/iserver/scanner/params');
      expect(answer.status).toBe(200);
      expect(answer.body.scan_type_list.map((type: { code: string }) => type.code)).toEqual([
        'TOP_PERC_GAIN',
        'TOP_PERC_LOSE',
        'MOST_ACTIVE',
        'TOP_TRADE_COUNT',
      ]);
      expect(answer.body.location_tree[0]).toEqual({
        display_name: 'US Stocks',
        type: 'STK',
        locations: [{ display_name: 'Listed/NASDAQ', type: 'STK.US.MAJOR', locations: [] }],
      });
    });

    it('ranks the location by the scan type from the current prices, after the filters', async () => {
      await start();
      const [gainers, losers] = [
        (await run({ instrument: 'STK', type: 'TOP_PERC_GAIN', location: 'STK.US.MAJOR' })).body,
        (await run({ instrument: 'STK', type: 'TOP_PERC_LOSE', location: 'STK.US.MAJOR' })).body,
      ];
      const ranked = [...gainers.contracts, ...losers.contracts] as { con_id: number }[];
      const leader = ranked[0]?.con_id ?? AAPL;
      const price = server.brokerage.market.price(leader) ?? 100;
      calls.setPrice(leader, Math.round(price * 120) / 100);
      const answer = await run({
        instrument: 'STK',
        type: 'TOP_PERC_GAIN',
        location: 'STK.US.MAJOR',
        filter: [
          { code: 'priceAbove', value: '5' },
          { code: 'unknownFilter', value: 1 },
        ],
      });
      expect(answer.status).toBe(200);
      expect(answer.body.contracts[0]).toMatchObject({
        server_id: '0',
        column_name: 'Chg%',
        con_id: leader,
        conidex: String(leader),
        sec_type: 'STK',
        scan_data: expect.stringMatching(/^\d+\.\d{2}%$/),
      });
      expect(answer.body.scan_data_column_name).toBe('Chg%');
      const above = await run({
        instrument: 'STK',
        type: 'TOP_PERC_GAIN',
        location: 'STK.US.MAJOR',
        filter: [{ code: 'priceAbove', value: 100_000 }],
      });
      expect(above.body.contracts).toEqual([]);
    });

    it('refuses an instrument, type or location the scanner does not offer, with 400', async () => {
      await start();
      for (const body of [
        { instrument: 'BOND', type: 'TOP_PERC_GAIN', location: 'STK.US.MAJOR' },
        { instrument: 'STK', type: 'NOPE', location: 'STK.US.MAJOR' },
        { instrument: 'STK', type: 'TOP_PERC_GAIN', location: 'FUT.CME' },
      ]) {
        expect((await run(body)).status).toBe(400);
      }
    });
  });

  describe('control: market regimes and jumps', () => {
    it('halts a contract: the snapshot last carries H, and a jump leaves its price', async () => {
      await start();
      calls.accountsQueried();
      const regime = await server.call('PUT', `/control/market/regimes/${AAPL}`, {
        body: { halted: true },
      });
      expect(regime.body).toEqual({
        conid: AAPL,
        driftPercent: 0,
        volatilityPercent: 1.8,
        halted: true,
        gapPercent: 0,
      });
      await snapshot(String(AAPL), '31');
      const [entry] = (await snapshot(String(AAPL), '31')).body as Record<string, string>[];
      expect(entry?.['31']).toBe('H189.50');
      await server.call('POST', '/control/market/advance', { body: { ms: 30 * 60_000 } });
      expect(server.brokerage.market.price(AAPL)).toBe(189.5);
    });

    it('jumps the clock with minute bars filled in, by the regime, fills and all', async () => {
      await start();
      await calls.suppress('o10151');
      await server.call('PUT', `/control/market/regimes/${AAPL}`, {
        body: { driftPercent: -40, volatilityPercent: 0 },
      });
      await calls.place(limitBuy(10, 188));
      const jumped = await server.call('POST', '/control/market/advance', {
        body: { ms: 45 * 60_000 },
      });
      expect(jumped.status).toBe(200);
      const bars = (await history(`conid=${AAPL}&period=1h&bar=1min`)).body.data as {
        o: number;
        c: number;
        l: number;
        h: number;
        t: number;
      }[];
      expect(bars.length).toBeGreaterThanOrEqual(45);
      expect(bars.at(-1)?.c).toBeLessThan(188);
      expect(bars.at(-1)?.c).toBe(server.brokerage.market.price(AAPL));
      const [execution] = server.brokerage.store.collection('executions').values();
      const fillBar = bars.findLast((bar) => bar.t <= (execution?.time ?? 0));
      expect(execution?.price).toBeGreaterThanOrEqual(fillBar?.l ?? Infinity);
      expect(execution?.price).toBeLessThanOrEqual(fillBar?.h ?? -Infinity);
    });

    it('refuses a jump beyond three days and a regime of an unknown contract', async () => {
      await start();
      const tooFar = await server.call('POST', '/control/market/advance', {
        body: { ms: 4 * 86_400_000 },
      });
      expect(tooFar.status).toBe(400);
      const unknown = await server.call('PUT', '/control/market/regimes/1', {
        body: { halted: true },
      });
      expect(unknown.status).toBe(404);
    });
  });
});

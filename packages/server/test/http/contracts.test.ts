import { previousBusinessDay } from '../../src/domain/contracts/contracts.js';
import { startServer, type Harness } from '../harness.js';
import { userSession } from '../user-session.js';

const dayMs = 24 * 60 * 60_000;

describe('contracts', () => {
  let server: Harness;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(() => server.close());

  const cookieOf = (username: string, brokerageOpen = true) =>
    userSession(server, username, { brokerageOpen }).headers;

  describe('stocks by symbols', () => {
    it('answers each requested symbol with its companies and their listings', async () => {
      const answer = await server.call(
        'GET',
        `/v1/api/trsrv/stocks?symbols=${encodeURIComponent('AAPL,SAP,BRK.B')}`,
      );
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body)).toEqual(['AAPL', 'SAP', 'BRK.B']);
      expect(answer.body.AAPL).toEqual([
        {
          name: 'APPLE INC',
          chineseName: '&#x82F9;&#x679C;&#x516C;&#x53F8;',
          assetClass: 'STK',
          contracts: [
            { conid: 265598, exchange: 'NASDAQ', isUS: true },
            { conid: 38708077, exchange: 'MEXI', isUS: false },
          ],
        },
      ]);
      expect(answer.body.SAP[0]).toMatchObject({
        name: 'SAP SE',
        chineseName: null,
        contracts: [
          { conid: 14204, exchange: 'IBIS', isUS: false },
          { conid: 13801, exchange: 'NYSE', isUS: true },
        ],
      });
      expect(answer.body['BRK.B'][0].contracts).toEqual([
        { conid: 72063691, exchange: 'NYSE', isUS: true },
      ]);
    });

    it('answers an unknown symbol with an empty array under its key', async () => {
      const answer = await server.call('GET', '/v1/api/trsrv/stocks?symbols=IBM%2CXYZQ');
      expect(answer.status).toBe(200);
      expect(answer.body.XYZQ).toEqual([]);
      expect(answer.body.IBM).toHaveLength(1);
    });

    it('refuses lower-case and empty symbols with 400', async () => {
      for (const symbols of ['aapl', 'AAPL,msft', '', 'AAPL, MSFT']) {
        const answer = await server.call(
          'GET',
          `/v1/api/trsrv/stocks?symbols=${encodeURIComponent(symbols)}`,
        );
        expect(answer.status).toBe(400);
        expect(answer.body.statusCode).toBe(400);
      }
      expect((await server.call('GET', '/v1/api/trsrv/stocks')).status).toBe(400);
    });

    it('accepts the literal commas and semicolons real clients send', async () => {
      const stocks = await server.call('GET', '/v1/api/trsrv/stocks?symbols=AAPL,MSFT');
      expect(stocks.status).toBe(200);
      expect(Object.keys(stocks.body)).toEqual(['AAPL', 'MSFT']);
      const algos = await server.call(
        'GET',
        '/v1/api/iserver/contract/265598/algos?algos=Adaptive;Vwap',
      );
      expect(algos.status).toBe(200);
      expect(algos.body.algos.map((algo: { id: string }) => algo.id)).toEqual(['Adaptive', 'Vwap']);
    });

    it('works without an open brokerage session', async () => {
      const headers = cookieOf('demo_individual', false);
      expect(
        (await server.call('GET', '/v1/api/trsrv/stocks?symbols=AAPL', { headers })).status,
      ).toBe(200);
      expect(
        (await server.call('GET', '/v1/api/trsrv/futures?symbols=ES', { headers })).status,
      ).toBe(200);
      const rules = await server.call('POST', '/v1/api/iserver/contract/rules', {
        headers,
        body: { conid: 265598 },
      });
      expect(rules.body).toEqual({ error: 'no bridge', statusCode: 400 });
    });
  });

  describe('futures by symbols', () => {
    it('lists the contracts not expired on the server clock, nearest first, with derived dates', async () => {
      // The clock starts on 2026-01-05: the December 2025 contracts have expired.
      const answer = await server.call('GET', '/v1/api/trsrv/futures?symbols=ES%2CNQ%2CAAPL');
      expect(answer.status).toBe(200);
      expect(answer.body.AAPL).toEqual([]);
      const es = answer.body.ES as { conid: number; expirationDate: number }[];
      expect(es).toHaveLength(9);
      expect(es.map((contract) => contract.conid)).not.toContain(495512563);
      expect(es[0]).toEqual({
        symbol: 'ES',
        conid: 551601561,
        underlyingConid: 11004968,
        expirationDate: 20260320,
        ltd: 20260319,
        shortFuturesCutOff: 20260319,
        longFuturesCutOff: 20260319,
      });
      const dates = es.map((contract) => contract.expirationDate);
      expect(dates).toEqual([...dates].sort((a, b) => a - b));
      expect(answer.body.NQ[0]).toMatchObject({
        symbol: 'NQ',
        conid: 563947738,
        underlyingConid: 11004958,
      });
    });

    it('keeps a contract through its expiration day and drops it after', async () => {
      server.clock.advance(74 * dayMs); // 2026-03-20, the expiration day of the March contract
      server.openGatewaySession();
      const onTheDay = await server.call('GET', '/v1/api/trsrv/futures?symbols=ES');
      expect(onTheDay.body.ES[0].conid).toBe(551601561);
      server.clock.advance(dayMs);
      server.openGatewaySession();
      const after = await server.call('GET', '/v1/api/trsrv/futures?symbols=ES');
      expect(after.body.ES[0].conid).toBe(568550526);
      expect(after.body.ES).toHaveLength(8);
    });

    it('lists only the futures of the exchange asked for', async () => {
      const cme = await server.call('GET', '/v1/api/trsrv/futures?symbols=ES&exchange=CME');
      expect(cme.status).toBe(200);
      expect(cme.body.ES).toHaveLength(9);
      const elsewhere = await server.call('GET', '/v1/api/trsrv/futures?symbols=ES&exchange=EUREX');
      expect(elsewhere.body).toEqual({ ES: [] });
    });

    it('puts the last trade date on the business day before expiration', () => {
      expect(previousBusinessDay(20260320)).toBe(20260319); // Friday → Thursday
      expect(previousBusinessDay(20260601)).toBe(20260529); // Monday → Friday
      expect(previousBusinessDay(20260301)).toBe(20260227); // Sunday, across a month end
    });

    it('refuses lower-case symbols with 400', async () => {
      expect((await server.call('GET', '/v1/api/trsrv/futures?symbols=es')).status).toBe(400);
    });
  });

  describe('contract rules', () => {
    const rules = (body: unknown, headers?: Record<string, string>) =>
      server.call('POST', '/v1/api/iserver/contract/rules', {
        body,
        ...(headers ? { headers } : {}),
      });

    it('answers the rules of a US stock for the accounts allowed to trade it', async () => {
      const answer = await rules({ conid: 265598, isBuy: true });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        algoEligible: true,
        allOrNoneEligible: true,
        overnightEligible: true,
        canTradeAcctIds: ['U1234567'],
        error: null,
        defaultSize: 100,
        increment: 0.01,
        incrementDigits: 2,
        cashCcy: 'USD',
        fraqInt: 4,
        tifDefaults: { TIF: 'DAY', SIZE: '100.00', PMALGO: true },
        orderOrigination: null,
        modTypes: [],
        preview: true,
      });
      expect(answer.body.orderTypes).toEqual(
        expect.arrayContaining(['limit', 'market', 'stop', 'midprice', 'relative']),
      );
      expect(answer.body.cqtTypes).toEqual(expect.arrayContaining(['limit', 'market']));
      expect(answer.body.cqtTypes).not.toContain('relative');
      expect(answer.body.tifTypes).toContain('GTC/o,a');
      expect(answer.body.incrementRules).toEqual([
        { lowerEdge: 0, increment: 0.0001 },
        { lowerEdge: 1, increment: 0.01 },
      ]);
    });

    it('defaults the limit price to the ask for a buy and the bid for a sell (one tick off the last price)', async () => {
      const buy = await rules({ conid: 265598 });
      expect(buy.body).toMatchObject({
        limitPrice: 189.51,
        stopprice: 189.51,
        orderDefaults: { LMT: { LP: '189.51' } },
      });
      const sell = await rules({ conid: 265598, isBuy: false });
      expect(sell.body).toMatchObject({
        limitPrice: 189.49,
        orderDefaults: { LMT: { LP: '189.49' } },
      });
      server.brokerage.market.setPrice(265598, 200);
      expect((await rules({ conid: 265598 })).body.limitPrice).toBe(200.01);
    });

    it('sends no default prices for a contract without market data', async () => {
      const answer = await rules({ conid: 72063691 });
      expect(answer.status).toBe(200);
      expect(answer.body).not.toHaveProperty('limitPrice');
      expect(answer.body).not.toHaveProperty('orderDefaults');
    });

    it('offers no fractions on a non-US listing, but cash quantities in its currency', async () => {
      const answer = await rules({ conid: 38708077 });
      expect(answer.body).toMatchObject({
        fraqTypes: [],
        fraqInt: 0,
        cashCcy: 'MXN',
        overnightEligible: false,
      });
      expect(answer.body.cqtTypes.length).toBeGreaterThan(0);
    });

    it('answers forex rules with half-pip increments and no algorithms', async () => {
      const eurUsd = await rules({ conid: 12087792 });
      expect(eurUsd.body).toMatchObject({
        defaultSize: 20000,
        increment: 0.00005,
        incrementDigits: 5,
        algoEligible: false,
        ibAlgoTypes: [],
        fraqTypes: [],
      });
      expect((await rules({ conid: 15016059 })).body.increment).toBe(0.005);
    });

    it('answers 200 with the reason and no accounts when none may trade the contract', async () => {
      const answer = await rules({ conid: 551601561, isBuy: false });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        canTradeAcctIds: [],
        error: 'No trading permissions for futures on CME',
        preview: false,
        cqtTypes: [],
        increment: 0.25,
        defaultSize: 1,
      });
      expect(answer.body).not.toHaveProperty('limitPrice');
    });

    it('lists every account of the session with the permission', async () => {
      const answer = await rules({ conid: 551601561 }, cookieOf('demo_advisor'));
      expect(answer.body).toMatchObject({
        canTradeAcctIds: ['F7654321', 'U2345671'],
        error: null,
        limitPrice: 6042.75,
        allOrNoneEligible: false,
        tifDefaults: { TIF: 'DAY', SIZE: '1.00', DEFAULT_ACCT: 'F7654321', PMALGO: true },
      });
      const stock = await rules({ conid: 265598 }, cookieOf('demo_advisor'));
      expect(stock.body.canTradeAcctIds).toEqual(['F7654321', 'U2345671', 'U2345672', 'U2345673']);
    });

    it('reports an expired contract as not tradable', async () => {
      const answer = await rules({ conid: 495512563 }, cookieOf('demo_advisor'));
      expect(answer.body).toMatchObject({
        canTradeAcctIds: [],
        error: 'Contract 495512563 expired on 20251219',
      });
    });

    it('answers the modification rules of an order, and refuses a modification without orderId', async () => {
      const answer = await rules({
        conid: 265598,
        isBuy: false,
        modifyOrder: true,
        orderId: 1434967293,
      });
      expect(answer.body).toMatchObject({
        orderOrigination: 'API',
        modTypes: ['limit', 'market', 'stop', 'stop_limit', 'relative'],
      });
      const missing = await rules({ conid: 265598, modifyOrder: true });
      expect(missing.status).toBe(400);
      expect(missing.body.statusCode).toBe(400);
    });

    it('takes the contract id as a string and an exchange, as public clients send them', async () => {
      const answer = await rules({ conid: '265598', exchange: 'SMART', isBuy: true });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ canTradeAcctIds: ['U1234567'], limitPrice: 189.51 });
    });

    it('refuses an unknown conid with 400', async () => {
      const answer = await rules({ conid: 999999999, isBuy: true });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'Contract 999999999 not found', statusCode: 400 });
    });
  });

  describe('contract algos', () => {
    it('lists the stock algorithms, ids and names only by default', async () => {
      const answer = await server.call('GET', '/v1/api/iserver/contract/265598/algos');
      expect(answer.status).toBe(200);
      const ids = (answer.body.algos as { id: string }[]).map((algo) => algo.id);
      expect(ids.slice(0, 3)).toEqual(['Adaptive', 'Vwap', 'Twap']);
      expect(ids).toHaveLength(10);
      expect(answer.body.algos[0]).toEqual({ id: 'Adaptive', name: 'Adaptive' });
    });

    it('honours the algos filter and adds descriptions and parameters on request', async () => {
      const answer = await server.call(
        'GET',
        '/v1/api/iserver/contract/265598/algos?algos=Vwap%3BAdaptive%3BNope&addDescription=1&addParams=1',
      );
      expect(answer.status).toBe(200);
      const [adaptive, vwap] = answer.body.algos;
      expect(answer.body.algos).toHaveLength(2);
      expect(adaptive).toMatchObject({ id: 'Adaptive', description: expect.any(String) });
      expect(adaptive.parameters[0]).toMatchObject({
        id: 'adaptivePriority',
        legalStrings: ['Urgent', 'Normal', 'Patient'],
        required: 'true',
      });
      const optional = (vwap.parameters as { id: string }[]).find(({ id }) => id === 'maxPctVol');
      expect(optional).not.toHaveProperty('required');
      expect(vwap.parameters.map((parameter: { id: string }) => parameter.id)).toContain(
        'maxPctVol',
      );
      const withoutParams = await server.call(
        'GET',
        '/v1/api/iserver/contract/265598/algos?algos=Vwap&addDescription=1&addParams=0',
      );
      expect(withoutParams.body.algos[0]).not.toHaveProperty('parameters');
      expect(withoutParams.body.algos[0]).toHaveProperty('description');
    });

    it('answers an empty list for contracts that are not stocks', async () => {
      for (const conid of [551601561, 12087792, 658663601]) {
        const answer = await server.call('GET', `/v1/api/iserver/contract/${conid}/algos`);
        expect(answer.body).toEqual({ algos: [] });
      }
    });

    it('refuses an unknown conid with 400', async () => {
      const answer = await server.call('GET', '/v1/api/iserver/contract/999999999/algos');
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'Contract 999999999 not found', statusCode: 400 });
    });
  });

  describe('currency pairs', () => {
    it('lists every pair the currency is in, either side, with the other currency', async () => {
      const answer = await server.call('GET', '/v1/api/iserver/currency/pairs?currency=USD');
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body)).toEqual(['USD']);
      expect(answer.body.USD).toContainEqual({
        symbol: 'EUR.USD',
        conid: 12087792,
        ccyPair: 'EUR',
      });
      expect(answer.body.USD).toContainEqual({
        symbol: 'USD.JPY',
        conid: 15016059,
        ccyPair: 'JPY',
      });
      expect(answer.body.USD).toHaveLength(7);
      const eur = await server.call('GET', '/v1/api/iserver/currency/pairs?currency=EUR');
      expect(eur.body.EUR.map((pair: { ccyPair: string }) => pair.ccyPair)).toEqual([
        'USD',
        'GBP',
        'JPY',
      ]);
    });

    it('answers a currency without pairs with an empty array, and refuses a malformed one', async () => {
      expect(
        (await server.call('GET', '/v1/api/iserver/currency/pairs?currency=VND')).body,
      ).toEqual({ VND: [] });
      expect((await server.call('GET', '/v1/api/iserver/currency/pairs?currency=usd')).status).toBe(
        400,
      );
    });
  });

  describe('event contracts', () => {
    it('answers the rules of a question by its yes or its no conid alike', async () => {
      const yes = await server.call('GET', '/v1/api/forecast/contract/rules?conid=658663601');
      expect(yes.status).toBe(200);
      expect(yes.body).toMatchObject({
        asset_class: 'OPT',
        market_name: 'Fed Funds Target Rate',
        threshold: '3.75',
        source_agency: 'Federal Reserve',
        product_code: 'FF',
        last_trade_time: 1773853200,
        release_time: 1773860400,
        payout_time: 1773946800,
        payout: '$1.00',
        price_increment: '$0.01',
        exchange_timezone: 'US/Central',
      });
      const no = await server.call('GET', '/v1/api/forecast/contract/rules?conid=658663602');
      expect(no.body).toEqual(yes.body);
    });

    it('answers the details with the side of the requested conid', async () => {
      const yes = await server.call('GET', '/v1/api/forecast/contract/details?conid=671231613');
      expect(yes.status).toBe(200);
      expect(yes.body).toEqual({
        conid_yes: 671231613,
        conid_no: 671231614,
        question: 'Will the year-over-year change in the US Consumer Price Index be above 3.0%?',
        side: 'Y',
        strike_label: '3.0%',
        strike: 3,
        exchange: 'FORECASTX',
        expiration: '20260311',
        symbol: 'CPIY',
        category: 'Economic Indicators',
        logo_category: 'CPI',
        measured_period: 'February 2026',
        market_name: 'US CPI Year-over-Year',
        underlying_conid: 671231580,
        payout: 1,
      });
      const no = await server.call('GET', '/v1/api/forecast/contract/details?conid=671231614');
      expect(no.body).toEqual({ ...yes.body, side: 'N' });
    });

    it('refuses a conid that is not an event contract, or unknown, with 400', async () => {
      for (const path of ['rules', 'details']) {
        const stock = await server.call('GET', `/v1/api/forecast/contract/${path}?conid=265598`);
        expect(stock.status).toBe(400);
        expect(stock.body).toEqual({
          error: 'Contract 265598 is not an event contract',
          statusCode: 400,
        });
        expect(
          (await server.call('GET', `/v1/api/forecast/contract/${path}?conid=12345`)).status,
        ).toBe(400);
      }
    });
  });
});

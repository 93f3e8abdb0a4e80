// Positions, the positions cache, portfolio summary, allocation and the portfolio analyst, all
// read from the one state: after fills, positions = ledger = summary = P&L.
import { defaultFixtures } from '../../src/fixtures/index.js';
import { startServer, type Harness } from '../harness.js';
import { userSession } from '../user-session.js';
import { AAPL, MSFT, editAccount, tradingCalls } from '../trading-helpers.js';

const dayMs = 24 * 60 * 60_000;
const notListed = {
  error: 'Please query /portfolio/accounts or /portfolio/subaccounts first',
  statusCode: 400,
};

interface PositionRow {
  conid: number;
  name: string;
  position: number;
  mktPrice: number;
  mktValue: number;
  avgPrice: number;
  realizedPnl: number;
  unrealizedPnl: number;
  currency: string;
}

const marketOrder = (side: 'BUY' | 'SELL', quantity: number, conid = AAPL) => ({
  conid,
  orderType: 'MKT',
  side,
  tif: 'DAY',
  quantity,
});

describe('portfolio positions', () => {
  let server: Harness;
  let calls: ReturnType<typeof tradingCalls>;
  afterEach(() => server.close());

  const start = async () => {
    server = await startServer({ sessionTimeoutMs: 30 * dayMs });
    calls = tradingCalls(server);
    await calls.suppress('o10151');
  };
  const get = async (path: string) => (await server.call('GET', `/v1/api${path}`)).body;
  const listPortfolio = () => server.call('GET', '/v1/api/portfolio/accounts');
  const positionsPage = async (page = 0, query = ''): Promise<PositionRow[]> =>
    get(`/portfolio/U1234567/positions/${page}${query}`);

  describe('the precondition', () => {
    it.each([
      ['GET', '/v1/api/portfolio/U1234567/positions/0'],
      ['GET', '/v1/api/portfolio2/U1234567/positions'],
      ['GET', `/v1/api/portfolio/U1234567/position/${AAPL}`],
      ['GET', `/v1/api/portfolio/positions/${AAPL}`],
      ['POST', '/v1/api/portfolio/U1234567/positions/invalidate'],
      ['GET', '/v1/api/portfolio/U1234567/combo/positions'],
      ['GET', '/v1/api/portfolio/U1234567/summary'],
      ['GET', '/v1/api/portfolio/U1234567/meta'],
      ['GET', '/v1/api/portfolio/U1234567/allocation'],
      ['GET', '/v1/api/portfolio/allocation?acctIds=U1234567'],
    ])('%s %s answers 400 until the portfolio accounts are listed', async (method, path) => {
      await start();
      const before = await server.call(method, path);
      expect(before.status).toBe(400);
      expect(before.body).toEqual(notListed);
      await listPortfolio();
      expect((await server.call(method, path)).status).toBe(200);
    });

    it('the large-structure subaccounts unlock it too, and page by 20', async () => {
      await start();
      const { headers } = userSession(server, 'demo_advisor');
      const page = await server.call('GET', '/v1/api/portfolio/subaccounts2?page=0', { headers });
      expect(page.body.metadata).toEqual({ pageNum: 0, pageSize: 20, total: 3 });
      expect(page.body.subaccounts.map((account: { id: string }) => account.id)).toEqual([
        'U2345671',
        'U2345672',
        'U2345673',
      ]);
      const summary = await server.call('GET', '/v1/api/portfolio/U2345671/summary', { headers });
      expect(summary.status).toBe(200);
      const past = await server.call('GET', '/v1/api/portfolio/subaccounts2?page=1', { headers });
      expect(past.body.subaccounts).toEqual([]);
    });

    it('reads a blank page number as no page (the first), and a text that is no number as invalid', async () => {
      await start();
      const { headers } = userSession(server, 'demo_advisor');
      const blank = await server.call('GET', '/v1/api/portfolio/subaccounts2?page=', { headers });
      expect(blank.status).toBe(200);
      expect(blank.body.metadata.pageNum).toBe(0);
      for (const page of ['%20', 'x', '1%20']) {
        const odd = await server.call('GET', `/v1/api/portfolio/subaccounts2?page=${page}`, {
          headers,
        });
        expect(odd.status).toBe(400);
        expect(odd.body).toEqual({
          error: 'Bad Request: request/query/page must be integer',
          statusCode: 400,
        });
      }
    });

    it("another user's account answers 400", async () => {
      await start();
      await listPortfolio();
      const answer = await server.call('GET', '/v1/api/portfolio/U2345671/positions/0');
      expect(answer.status).toBe(400);
    });
  });

  describe('pages and sorting', () => {
    it('lists the positions by name, a page past the last empty', async () => {
      await start();
      await listPortfolio();
      const rows = await positionsPage();
      expect(rows.map((row) => row.name)).toEqual(['APPLE INC', 'MICROSOFT CORP', 'SAP SE']);
      expect(rows[0]).toMatchObject({
        acctId: 'U1234567',
        conid: AAPL,
        contractDesc: 'AAPL',
        position: 100,
        mktPrice: 189.5,
        mktValue: 18950,
        avgCost: 170.25,
        avgPrice: 170.25,
        unrealizedPnl: 1925,
        realizedPnl: 0,
        assetClass: 'STK',
        multiplier: 0,
        strike: '0',
        ticker: 'AAPL',
        sector: 'Technology',
        pageSize: 100,
      });
      expect(await positionsPage(1)).toEqual([]);
    });

    it('sorts by any field of the rows, descending on request', async () => {
      await start();
      await listPortfolio();
      const rows = await positionsPage(0, '?sort=mktValue&direction=d');
      const values = rows.map((row) => row.mktValue);
      expect(values).toEqual([...values].sort((a, b) => b - a));
    });

    it('holds up to 100 positions a page', async () => {
      await start();
      const conids = server.brokerage.store
        .collection('instruments')
        .values()
        .map((instrument) => instrument.conid);
      editAccount(server, 'U1234567', {
        positions: Array.from({ length: 130 }, (_, index) => ({
          conid: conids[index % conids.length] as number,
          quantity: index + 1,
          averageCost: 10,
        })),
      });
      await listPortfolio();
      const first = await positionsPage(0);
      const second = await positionsPage(1);
      expect(first).toHaveLength(100);
      expect(second).toHaveLength(calls.account().positions.length - 100);
    });
  });

  describe('the positions cache', () => {
    it('answers its snapshot until invalidated; the uncached variant shows fills at once', async () => {
      await start();
      await listPortfolio();
      const before = await positionsPage();
      await calls.place(marketOrder('BUY', 10));
      expect(await positionsPage()).toEqual(before);
      const uncached = await get('/portfolio2/U1234567/positions');
      expect(uncached.find((row: { conid: string }) => row.conid === String(AAPL))).toMatchObject({
        position: 110,
        description: 'AAPL',
        secType: 'STK',
      });
      const invalidated = await server.call(
        'POST',
        '/v1/api/portfolio/U1234567/positions/invalidate',
      );
      expect(invalidated.body).toEqual({ message: 'success' });
      const after = await positionsPage();
      expect(after.find((row) => row.conid === AAPL)?.position).toBe(110);
    });

    it('the position of one contract is read as it is', async () => {
      await start();
      await listPortfolio();
      await positionsPage();
      await calls.place(marketOrder('SELL', 40));
      const [row] = await get(`/portfolio/U1234567/position/${AAPL}`);
      expect(row).toMatchObject({ conid: AAPL, position: 60 });
      expect(await get(`/portfolio/positions/${AAPL}`)).toEqual({ U1234567: [row] });
      expect(await get(`/portfolio/U1234567/position/${8314}`)).toEqual([]);
      expect(await get('/portfolio/U1234567/combo/positions')).toEqual([]);
    });
  });

  describe('one state: positions = ledger = summary = P&L', () => {
    it('agree after buys, a price move and a partial sale', async () => {
      await start();
      await listPortfolio();
      await calls.place(marketOrder('BUY', 50));
      calls.setPrice(AAPL, 200);
      await calls.place(marketOrder('SELL', 30));
      await calls.place(marketOrder('BUY', 5, MSFT));
      calls.setPrice(MSFT, 420);
      await server.call('POST', '/v1/api/portfolio/U1234567/positions/invalidate');

      const rows = await positionsPage();
      const ledger = await get('/portfolio/U1234567/ledger');
      const summary = await get('/portfolio/U1234567/summary');
      const uncached = await get('/portfolio2/U1234567/positions');
      const usd = rows.filter((row) => row.currency === 'USD');
      const sum = (pick: (row: PositionRow) => number) =>
        usd.reduce((total, row) => total + pick(row), 0);

      const aapl = rows.find((row) => row.conid === AAPL);
      expect(aapl).toMatchObject({ position: 120, mktPrice: 200 });
      // 30 sold at 200 out of 150 held at (100 × 170.25 + 50 × 189.5) / 150
      const averageCost = (100 * 170.25 + 50 * 189.5) / 150;
      expect(aapl?.realizedPnl).toBeCloseTo(30 * (200 - averageCost), 2);
      expect(sum((row) => row.realizedPnl)).toBeCloseTo(ledger.USD.realizedpnl, 2);
      expect(sum((row) => row.unrealizedPnl)).toBeCloseTo(ledger.USD.unrealizedpnl, 1);
      expect(sum((row) => row.mktValue)).toBeCloseTo(ledger.USD.stockmarketvalue, 1);
      expect(summary.netliquidation.amount).toBeCloseTo(ledger.BASE.netliquidationvalue, 2);
      expect(summary.totalcashvalue.amount).toBeCloseTo(ledger.BASE.cashbalance, 2);
      // Both in epoch seconds, as the service's recordings show them.
      expect(summary.netliquidation.timestamp).toBe(Math.floor(server.clock.now() / 1000));
      expect(summary.netliquidation.timestamp).toBe(ledger.BASE.timestamp);
      expect(summary['netliquidation-s'].amount + summary['netliquidation-c'].amount).toBeCloseTo(
        summary.netliquidation.amount,
        2,
      );
      for (const row of uncached) {
        const cached = rows.find((candidate) => String(candidate.conid) === row.conid);
        expect(row.position).toBe(cached?.position);
        expect(row.marketValue).toBeCloseTo(cached?.mktValue ?? Number.NaN, 1);
      }
      const values = calls.values();
      expect(summary.availablefunds.amount).toBeCloseTo(values.availableFunds, 2);
      expect(summary.buyingpower.amount).toBeCloseTo(values.buyingPower, 2);
    });

    it('allocation adds up to the positions and cash, over one or several accounts', async () => {
      await start();
      await listPortfolio();
      const allocation = await get('/portfolio/U1234567/allocation');
      const ledger = await get('/portfolio/U1234567/ledger');
      const total = (side: Record<string, number>) =>
        Object.values(side).reduce((sum, value) => sum + value, 0);
      expect(total(allocation.assetClass.long)).toBeCloseTo(ledger.BASE.netliquidationvalue, 1);
      expect(total(allocation.sector.long)).toBeCloseTo(ledger.BASE.stockmarketvalue, 1);
      expect(allocation.assetClass.short).toEqual({});
      expect(await get('/portfolio/allocation?acctIds=U1234567')).toEqual(allocation);
      const posted = await server.call('POST', '/v1/api/portfolio/allocation', {
        body: { acctIds: ['U1234567'] },
      });
      expect(posted.body).toEqual(allocation);
    });

    it('sums several accounts given repeated or comma-separated', async () => {
      await start();
      const { headers } = userSession(server, 'demo_advisor');
      await server.call('GET', '/v1/api/portfolio/accounts', { headers });
      const one = (id: string) =>
        server.call('GET', `/v1/api/portfolio/${id}/allocation`, { headers });
      const a = (await one('U2345671')).body;
      const b = (await one('F7654321')).body;
      const repeated = await server.call(
        'GET',
        '/v1/api/portfolio/allocation?acctIds=U2345671&acctIds=F7654321',
        { headers },
      );
      const comma = await server.call(
        'GET',
        '/v1/api/portfolio/allocation?acctIds=U2345671,F7654321',
        {
          headers,
        },
      );
      expect(comma.body).toEqual(repeated.body);
      expect(repeated.body.assetClass.long.CASH).toBeCloseTo(
        a.assetClass.long.CASH + b.assetClass.long.CASH,
        2,
      );
    });

    it('the summary and the meta describe the account', async () => {
      await start();
      await listPortfolio();
      const summary = await get('/portfolio/U1234567/summary');
      expect(summary.accountcode).toMatchObject({ value: 'U1234567', currency: null, amount: 0 });
      expect(summary.netliquidation).toMatchObject({ currency: 'USD', value: null, isNull: false });
      expect(summary['segmenttitle-s'].value).toBe('US Securities');
      const meta = await get('/portfolio/U1234567/meta');
      const [listed] = await get('/portfolio/accounts');
      expect(meta).toEqual(listed);
    });
  });
});

describe('portfolio analyst', () => {
  let server: Harness;
  let calls: ReturnType<typeof tradingCalls>;
  afterEach(() => server.close());

  const start = async () => {
    server = await startServer({ sessionTimeoutMs: 30 * dayMs });
    calls = tradingCalls(server);
    await calls.suppress('o10151');
  };
  const post = async (path: string, body: unknown) =>
    (await server.call('POST', `/v1/api${path}`, { body })).body;
  const isWeekday = (date: string) => {
    const day = new Date(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`).getUTCDay();
    return day !== 0 && day !== 6;
  };

  it('answers the performance asked with query parameters as the POST', async () => {
    await start();
    const body = await post('/pa/performance', { acctIds: ['U1234567'], period: '7D' });
    for (const query of ['acctIds=U1234567&period=7D', 'acctIds=U1234567,U1234567&period=7D']) {
      const answer = await server.call('GET', `/v1/api/pa/performance?${query}`);
      expect(answer.status).toBe(200);
      expect(answer.body.nav.data[0]).toEqual(body.nav.data[0]);
    }
  });

  it('gives a seeded year of business days ending at the live net asset value', async () => {
    await start();
    const answer = await post('/pa/performance', { acctIds: ['U1234567'], period: '1M' });
    const [series] = answer.nav.data;
    const ledger = calls.values();
    expect(answer.id).toBe('getPerformanceData');
    expect(series.navs.at(-1)).toBeCloseTo(ledger.total.netLiquidation, 2);
    expect(answer.nav.dates.slice(0, -1).every(isWeekday)).toBe(true);
    expect(answer.nav.dates.at(-1)).toBe('20260105');
    expect(answer.nav.dates[0] >= '20251205').toBe(true);
    expect(answer.nd).toBeGreaterThan(250);
    const [cps] = answer.cps.data;
    expect(cps.returns.at(-1)).toBeCloseTo(series.navs.at(-1) / series.startNAV.val - 1, 3);
  });

  it('records a close per business day the clock passes, moved by prices and fills', async () => {
    await start();
    const first = await post('/pa/allperiods', { acctIds: ['U1234567'] });
    const account = first.U1234567;
    expect(account.periods).toEqual(['1D', '7D', 'MTD', '1M', '3M', '6M', 'YTD', '1Y']);
    expect(account['1D'].dates).toEqual(['20260105']);
    calls.setPrice(AAPL, 250); // Monday 5 January 2026
    server.clock.advance(dayMs); // Monday closes at 250
    calls.setPrice(AAPL, 150);
    server.clock.advance(dayMs); // Tuesday closes at 150
    server.openGatewaySession(); // the single sign-on lasts a day
    const later = (await post('/pa/allperiods', { acctIds: ['U1234567'] })).U1234567;
    expect(later['7D'].dates.slice(-3)).toEqual(['20260105', '20260106', '20260107']);
    const [monday, tuesday] = later['7D'].nav.slice(-3);
    expect(monday - tuesday).toBeCloseTo(100 * 100, 1);
    expect(later['1D'].startNAV).toEqual({ date: '20260106', val: tuesday });
  });

  it('starts from the positions and closes that fixtures give', async () => {
    await start();
    const fixtures = structuredClone(defaultFixtures);
    const account = fixtures.accounts.find((candidate) => candidate.id === 'U1234567');
    if (!account) throw new Error('no U1234567 in the fixtures');
    account.positions = [{ conid: AAPL, quantity: 10, averageCost: 150, realizedPnl: 42.5 }];
    account.navHistory = [
      { date: 20251231, nav: 100_000 },
      { date: 20260101, nav: 100_500 },
      { date: 20260102, nav: 101_000 },
      { date: 20260103, nav: 999_999 }, // a Saturday: not a business day
    ];
    expect((await server.call('POST', '/control/fixtures', { body: fixtures })).status).toBe(200);
    calls = tradingCalls(server);
    await server.call('GET', '/v1/api/portfolio/accounts');
    const [row] = (await server.call('GET', `/v1/api/portfolio/U1234567/position/${AAPL}`)).body;
    expect(row).toMatchObject({ position: 10, avgPrice: 150, realizedPnl: 42.5 });
    const answer = await post('/pa/allperiods', { acctIds: ['U1234567'] });
    expect(answer.nd).toBe(4);
    expect(answer.U1234567.start).toBe('20251231');
    expect(answer.U1234567['1D'].startNAV).toEqual({ date: '20260102', val: 101_000 });
  });

  it('takes the account from the query parameter when given', async () => {
    await start();
    const answer = await server.call('POST', '/v1/api/pa/allperiods?param=U1234567', {
      body: { acctIds: ['U0000000'] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.view).toEqual(['U1234567']);
  });

  it('refuses an account the user may not see', async () => {
    await start();
    const answer = await server.call('POST', '/v1/api/pa/performance', {
      body: { acctIds: ['U2345671'], period: '7D' },
    });
    expect(answer.status).toBe(400);
  });

  it('lists the transactions of a contract from the executions, with realized P&L', async () => {
    await start();
    calls.setPrice(AAPL, 192.26);
    await calls.place(marketOrder('SELL', 5));
    calls.setPrice(AAPL, 180);
    await calls.place(marketOrder('BUY', 2));
    const answer = await post('/pa/transactions', {
      acctIds: ['U1234567'],
      conids: [String(AAPL)],
      currency: 'USD',
      days: '30',
    });
    expect(answer.transactions).toEqual([
      expect.objectContaining({ qty: 2, pr: 180, type: 'Buy', amt: 360, conid: AAPL }),
      expect.objectContaining({
        qty: -5,
        pr: 192.26,
        type: 'Sell',
        amt: 961.3,
        date: 'Mon Jan 05 00:00:00 EST 2026',
        desc: 'APPLE INC',
      }),
    ]);
    const realized = 5 * (192.26 - 170.25);
    expect(answer.rpnl.data).toEqual([
      {
        date: '20260105',
        cur: 'USD',
        fxRate: 1,
        side: 'G',
        acctid: 'U1234567',
        amt: String(Math.round(realized * 10_000) / 10_000),
        conid: String(AAPL),
      },
    ]);
    expect(Number(answer.rpnl.amt)).toBeCloseTo(calls.account().realizedPnl?.USD ?? 0, 2);
  });
});

import { startServer, type Harness } from '../harness.js';
import { userSession } from '../user-session.js';
import { SAP_IBIS } from '../trading-helpers.js';

const AAPL = 265598;
const notListed = {
  error: 'Please query /portfolio/accounts or /portfolio/subaccounts first',
  statusCode: 400,
};

interface LedgerEntry {
  currency: string;
  exchangerate: number;
  netliquidationvalue: number;
  cashbalance: number;
  stockmarketvalue: number;
  unrealizedpnl: number;
}

describe('portfolio', () => {
  let server: Harness;
  afterEach(() => server.close());

  const sessionOf = (username: string) => userSession(server, username);

  /** Sum over the currency entries, each converted to the base currency with its exchangerate. */
  const convertedSum = (
    ledger: Record<string, LedgerEntry>,
    pick: (entry: LedgerEntry) => number,
  ) =>
    Object.entries(ledger)
      .filter(([key]) => key !== 'BASE')
      .reduce((total, [, entry]) => total + pick(entry) * entry.exchangerate, 0);

  describe('portfolio accounts and subaccounts', () => {
    it("lists the individual's own account", async () => {
      server = await startServer();
      const answer = await server.call('GET', '/v1/api/portfolio/accounts');
      expect(answer.status).toBe(200);
      expect(answer.body).toHaveLength(1);
      expect(answer.body[0]).toMatchObject({
        id: 'U1234567',
        accountId: 'U1234567',
        accountTitle: 'Alex Morgan',
        accountAlias: 'Alex main',
        displayName: 'Alex main',
        currency: 'USD',
        type: 'INDIVIDUAL',
        tradingType: 'CASH',
        faclient: false,
        'PrepaidCrypto-Z': false,
        'PrepaidCrypto-P': false,
        parent: { mmc: [], accountId: '', isMParent: false, isMChild: false, isMultiplex: false },
        desc: 'U1234567 Alex main',
      });
      expect(Number.isInteger(answer.body[0].accountStatus)).toBe(true);
    });

    it("lists an advisor's master first, with its clients below it", async () => {
      server = await startServer();
      const { headers } = sessionOf('demo_advisor');
      const answer = await server.call('GET', '/v1/api/portfolio/accounts', { headers });
      expect(answer.body.map((account: { id: string }) => account.id)).toEqual([
        'F7654321',
        'U2345671',
        'U2345672',
        'U2345673',
      ]);
      expect(answer.body[0]).toMatchObject({
        faclient: false,
        tradingType: 'REGT',
        parent: {
          mmc: ['U2345671', 'U2345672', 'U2345673'],
          accountId: 'F7654321',
          isMParent: true,
          isMChild: false,
        },
      });
      expect(answer.body[2]).toMatchObject({
        currency: 'EUR',
        type: 'JOINT',
        faclient: true,
        parent: { mmc: [], accountId: 'F7654321', isMParent: false, isMChild: true },
      });
    });

    it("lists only an advisor's clients as subaccounts, and an individual's own account", async () => {
      server = await startServer();
      const { headers } = sessionOf('demo_advisor');
      const advisor = await server.call('GET', '/v1/api/portfolio/subaccounts', { headers });
      expect(advisor.status).toBe(200);
      expect(advisor.body.map((account: { id: string }) => account.id)).toEqual([
        'U2345671',
        'U2345672',
        'U2345673',
      ]);
      const individual = await server.call('GET', '/v1/api/portfolio/subaccounts');
      expect(individual.body.map((account: { id: string }) => account.id)).toEqual(['U1234567']);
    });
  });

  describe('ledger', () => {
    it('is refused until portfolio accounts are listed in the session', async () => {
      server = await startServer();
      const before = await server.call('GET', '/v1/api/portfolio/U1234567/ledger');
      expect(before.status).toBe(400);
      expect(before.body).toEqual(notListed);
      expect((await server.call('GET', '/v1/api/portfolio/accounts')).status).toBe(200);
      expect((await server.call('GET', '/v1/api/portfolio/U1234567/ledger')).status).toBe(200);
    });

    it('is also unlocked by the subaccounts, and per session only', async () => {
      server = await startServer();
      const { session, headers } = sessionOf('demo_advisor');
      await server.call('GET', '/v1/api/portfolio/accounts'); // the individual's session
      expect(
        (await server.call('GET', '/v1/api/portfolio/U2345671/ledger', { headers })).body,
      ).toEqual(notListed);
      expect(session.portfolioListed).toBe(false);
      await server.call('GET', '/v1/api/portfolio/subaccounts', { headers });
      expect(server.brokerage.sessions.find(session.id)?.portfolioListed).toBe(true);
      expect(
        (await server.call('GET', '/v1/api/portfolio/U2345671/ledger', { headers })).status,
      ).toBe(200);
    });

    it('has one entry per currency held plus BASE, adding up to BASE and matching the summary', async () => {
      server = await startServer();
      await server.call('GET', '/v1/api/portfolio/accounts');
      const answer = await server.call('GET', '/v1/api/portfolio/U1234567/ledger');
      expect(answer.status).toBe(200);
      const ledger = answer.body as Record<string, LedgerEntry>;
      expect(Object.keys(ledger).sort()).toEqual(['BASE', 'EUR', 'GBP', 'JPY', 'USD']);
      expect(ledger.EUR).toMatchObject({
        currency: 'EUR',
        secondkey: 'EUR',
        acctcode: 'U1234567',
        cashbalance: 12_000,
        cryptocurrencyvalue: 0,
      });
      expect(ledger.EUR?.stockmarketvalue).toBeCloseTo(20 * 158.4, 2);
      expect(ledger.BASE).toMatchObject({
        currency: 'BASE',
        exchangerate: 1,
        endofbundle: 1,
        key: 'LedgerList',
      });

      const base = ledger.BASE as LedgerEntry;
      expect(convertedSum(ledger, (entry) => entry.netliquidationvalue)).toBeCloseTo(
        base.netliquidationvalue,
        1,
      );
      expect(convertedSum(ledger, (entry) => entry.cashbalance)).toBeCloseTo(base.cashbalance, 1);
      expect(convertedSum(ledger, (entry) => entry.stockmarketvalue)).toBeCloseTo(
        base.stockmarketvalue,
        1,
      );
      expect(convertedSum(ledger, (entry) => entry.unrealizedpnl)).toBeCloseTo(
        base.unrealizedpnl,
        1,
      );

      const summary = (await server.call('GET', '/v1/api/iserver/account/U1234567/summary')).body;
      expect(base.netliquidationvalue).toBe(summary.netLiquidationValue);
      expect(base.cashbalance).toBe(summary.totalCashValue);
    });

    it('stamps the entries with the server clock in epoch seconds', async () => {
      server = await startServer();
      await server.call('GET', '/v1/api/portfolio/accounts');
      const first = (await server.call('GET', '/v1/api/portfolio/U1234567/ledger')).body;
      expect(first.BASE.timestamp).toBe(Math.floor(server.clock.now() / 1000));
      server.clock.advance(90_000);
      const second = (await server.call('GET', '/v1/api/portfolio/U1234567/ledger')).body;
      expect(second.USD.timestamp - first.USD.timestamp).toBe(90);
    });

    it('follows price changes consistently with the summary', async () => {
      server = await startServer();
      await server.call('GET', '/v1/api/portfolio/accounts');
      const before = (await server.call('GET', '/v1/api/portfolio/U1234567/ledger')).body;
      server.brokerage.market.setPrice(AAPL, 200);
      server.brokerage.market.setPrice(SAP_IBIS, 150);
      const after = (await server.call('GET', '/v1/api/portfolio/U1234567/ledger')).body;
      const summary = (await server.call('GET', '/v1/api/iserver/account/U1234567/summary')).body;
      expect(after.USD.stockmarketvalue - before.USD.stockmarketvalue).toBeCloseTo(
        100 * (200 - 189.5),
        2,
      );
      expect(after.EUR.netliquidationvalue - before.EUR.netliquidationvalue).toBeCloseTo(
        20 * (150 - 158.4),
        2,
      );
      expect(after.BASE.netliquidationvalue).toBe(summary.netLiquidationValue);
      expect(after.BASE.netliquidationvalue - before.BASE.netliquidationvalue).toBeCloseTo(
        100 * (200 - 189.5) + 20 * (150 - 158.4) * after.EUR.exchangerate,
        2,
      );
    });

    it("refuses another user's or an unknown account with 400", async () => {
      server = await startServer();
      const { headers } = sessionOf('demo_advisor');
      await server.call('GET', '/v1/api/portfolio/accounts');
      await server.call('GET', '/v1/api/portfolio/accounts', { headers });
      const individualAsks = await server.call('GET', '/v1/api/portfolio/U2345671/ledger');
      expect(individualAsks.status).toBe(400);
      expect(individualAsks.body).toEqual({
        error: 'Bad Request: account U2345671 is not accessible',
        statusCode: 400,
      });
      const advisorAsks = await server.call('GET', '/v1/api/portfolio/U1234567/ledger', {
        headers,
      });
      expect(advisorAsks.status).toBe(400);
      expect((await server.call('GET', '/v1/api/portfolio/U9999999/ledger')).status).toBe(400);
    });
  });
});

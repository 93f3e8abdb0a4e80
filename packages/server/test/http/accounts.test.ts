import { startServer, type Harness } from '../harness.js';
import { userSession } from '../user-session.js';

/** Fixture prices and rates the expected values below are computed from. */
const AAPL = 265598;
const aaplPrice = 189.5;
const msftPrice = 415.2;
const sapPrice = 158.4;
const nvdaPrice = 131.2;
const eurUsd = 1.085;
const gbpUsd = 1.27;
const usdJpy = 150.2;

/** U1234567 (cash account): USD, EUR, GBP and JPY cash; 100 AAPL, 50 MSFT (USD), 20 SAP (EUR). */
const individualCash = 85_000 + 12_000 * eurUsd + 4_000 * gbpUsd + 1_500_000 / usdJpy;
const individualStock = 100 * aaplPrice + 50 * msftPrice + 20 * sapPrice * eurUsd;
const individualNet = individualCash + individualStock;

/** The number in a formatted amount of the per-segment reports (`"45,628 USD"`, `"19,441"`). */
const amount = (text: string) => Number(text.replace(/,/g, '').split(' ')[0]);

describe('accounts', () => {
  let server: Harness;
  afterEach(() => server.close());

  const sessionOf = (username: string) => userSession(server, username);

  describe('accounts list', () => {
    it("lists the individual's account with its alias and selected account, and records the call", async () => {
      server = await startServer();
      const gateway = server.openGatewaySession();
      expect(gateway.accountsQueried).toBe(false);
      const answer = await server.call('GET', '/v1/api/iserver/accounts');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        accounts: ['U1234567'],
        aliases: { U1234567: 'Alex main' },
        selectedAccount: 'U1234567',
        acctProps: { U1234567: { hasChildAccounts: false, noFxConv: false } },
        allowFeatures: { allowDynAccount: false, allowFA: false, sideBySide: true },
        sessionId: gateway.id,
      });
      expect(server.brokerage.sessions.find(gateway.id)?.accountsQueried).toBe(true);
    });

    it("lists an advisor's master first with child accounts, then its clients", async () => {
      server = await startServer();
      const { headers } = sessionOf('demo_advisor');
      const answer = await server.call('GET', '/v1/api/iserver/accounts', { headers });
      expect(answer.body.accounts).toEqual(['F7654321', 'U2345671', 'U2345672', 'U2345673']);
      expect(answer.body.acctProps.F7654321.hasChildAccounts).toBe(true);
      expect(answer.body.acctProps.U2345671.hasChildAccounts).toBe(false);
      expect(answer.body.aliases.U2345672).toBe('Patel joint');
      expect(answer.body.selectedAccount).toBe('F7654321');
      expect(answer.body.allowFeatures).toMatchObject({ allowDynAccount: false, allowFA: true });
    });

    it('shows the DYNACCT property as allowDynAccount', async () => {
      server = await startServer();
      const { headers } = sessionOf('demo_broker');
      const answer = await server.call('GET', '/v1/api/iserver/accounts', { headers });
      expect(answer.body.accounts).toEqual(['I3456780']);
      expect(answer.body.allowFeatures.allowDynAccount).toBe(true);
    });
  });

  describe('switch account', () => {
    it('selects a client account of an advisor, as later calls show', async () => {
      server = await startServer();
      const { session, headers } = sessionOf('demo_advisor');
      const answer = await server.call('POST', '/v1/api/iserver/account', {
        headers,
        body: { acctId: 'U2345672' },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ set: true, acctId: 'U2345672' });
      expect(server.brokerage.sessions.find(session.id)?.selectedAccountId).toBe('U2345672');
      const list = await server.call('GET', '/v1/api/iserver/accounts', { headers });
      expect(list.body.selectedAccount).toBe('U2345672');
      const again = await server.call('POST', '/v1/api/iserver/account', {
        headers,
        body: { acctId: 'U2345672' },
      });
      expect(again.body).toEqual({ success: 'Account already set' });
    });

    it("refuses an unknown or another user's account with 500 error-only, keeping the selection", async () => {
      server = await startServer();
      const { session, headers } = sessionOf('demo_advisor');
      for (const acctId of ['U9999999', 'U1234567', 'U3456781']) {
        const answer = await server.call('POST', '/v1/api/iserver/account', {
          headers,
          body: { acctId },
        });
        expect(answer.status).toBe(500);
        expect(answer.body).toEqual({ error: 'Invalid account ID' });
      }
      expect(session.selectedAccountId).toBe('F7654321');
    });

    it('refuses a single-account user with 500, but answers that their own account is set', async () => {
      server = await startServer();
      const own = await server.call('POST', '/v1/api/iserver/account', {
        body: { acctId: 'U1234567' },
      });
      expect(own.status).toBe(200);
      expect(own.body).toEqual({ success: 'Account already set' });
      const other = await server.call('POST', '/v1/api/iserver/account', {
        body: { acctId: 'U2345671' },
      });
      expect(other.status).toBe(500);
      expect(Object.keys(other.body)).toEqual(['error']);
    });
  });

  describe('dynamic accounts', () => {
    it('answers 503 to users without the DYNACCT property', async () => {
      server = await startServer();
      const search = await server.call('GET', '/v1/api/iserver/account/search/U34');
      expect(search.status).toBe(503);
      expect(search.body).toEqual({
        error:
          'Details currently unavailable. Please try again later and contact client services if the issue persists.',
        statusCode: 503,
      });
      const { headers } = sessionOf('demo_advisor');
      const set = await server.call('POST', '/v1/api/iserver/dynaccount', {
        headers,
        body: { acctId: 'U2345671' },
      });
      expect(set.status).toBe(503);
    });

    it('matches account ids and aliases without regard to case', async () => {
      server = await startServer();
      const { headers } = sessionOf('demo_broker');
      const byId = await server.call('GET', '/v1/api/iserver/account/search/u3456', { headers });
      expect(byId.status).toBe(200);
      expect(byId.body.pattern).toBe('u3456');
      expect(
        byId.body.matchedAccounts.map((match: { accountId: string }) => match.accountId),
      ).toEqual(['U3456781', 'U3456782', 'U3456783']);
      const byAlias = await server.call('GET', '/v1/api/iserver/account/search/OKAF', { headers });
      expect(byAlias.body.matchedAccounts).toEqual([
        { accountId: 'U3456782', alias: 'Okafor', allocationId: '3456780' },
      ]);
      const none = await server.call('GET', '/v1/api/iserver/account/search/X99', { headers });
      expect(none.body).toEqual({ matchedAccounts: [], pattern: 'X99' });
    });

    it('selects a found account, and refuses a wrong id with 500 error-only', async () => {
      server = await startServer();
      const { session, headers } = sessionOf('demo_broker');
      const wrong = await server.call('POST', '/v1/api/iserver/dynaccount', {
        headers,
        body: { acctId: 'U1234567' },
      });
      expect(wrong.status).toBe(500);
      expect(wrong.body).toEqual({ error: 'Invalid account ID' });
      expect(session.selectedAccountId).toBe('I3456780');

      const set = await server.call('POST', '/v1/api/iserver/dynaccount', {
        headers,
        body: { acctId: 'U3456783' },
      });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ set: true, acctId: 'U3456783', roles: ['TRADER'] });
      const list = await server.call('GET', '/v1/api/iserver/accounts', { headers });
      expect(list.body.selectedAccount).toBe('U3456783');
      expect(list.body.accounts).toEqual(['I3456780', 'U3456783']);
    });
  });

  describe('signatures and owners', () => {
    it('lists the owner and signature of an individual account', async () => {
      server = await startServer();
      const answer = await server.call('GET', '/v1/api/acesws/U1234567/signatures-and-owners');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        accountId: 'U1234567',
        users: [
          {
            roleId: 'OWNER',
            hasRightCodeInd: true,
            userName: 'demo_individual',
            entity: {
              firstName: 'Alex',
              lastName: 'Morgan',
              entityType: 'INDIVIDUAL',
              entityName: 'Alex Morgan',
            },
          },
        ],
        applicant: { signatures: ['Alex Morgan'] },
      });
    });

    it('lists both holders of a joint account, and an organisation without first and last name', async () => {
      server = await startServer();
      const { headers } = sessionOf('demo_advisor');
      const joint = await server.call('GET', '/v1/api/acesws/U2345672/signatures-and-owners', {
        headers,
      });
      expect(joint.body.users.map((user: { userName: string }) => user.userName)).toEqual([
        'spatel_client',
        'rpatel_client',
      ]);
      expect(joint.body.users[1].entity).toEqual({
        firstName: 'Riley',
        lastName: 'Patel',
        entityType: 'Joint',
        entityName: 'Riley Patel',
      });
      expect(joint.body.applicant.signatures).toEqual(['Sam Patel', 'Riley Patel']);
      const org = await server.call('GET', '/v1/api/acesws/U2345673/signatures-and-owners', {
        headers,
      });
      expect(org.body.users[0].entity).toEqual({
        entityType: 'ORG',
        entityName: 'Patel Family Trust',
      });
    });

    it("refuses another user's account with 400, and an empty account id with the documented 400", async () => {
      server = await startServer();
      const foreign = await server.call('GET', '/v1/api/acesws/U2345671/signatures-and-owners');
      expect(foreign.status).toBe(400);
      expect(foreign.body.statusCode).toBe(400);
      const empty = await server.call('GET', '/v1/api/acesws//signatures-and-owners');
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ error: 'Bad Request: accountId needed', statusCode: 400 });
    });

    it('still asks for credentials before answering an empty account id (hosted mode)', async () => {
      server = await startServer({ mode: 'hosted' });
      const empty = await server.call('GET', '/v1/api/acesws//signatures-and-owners');
      expect(empty.status).toBe(401);
    });
  });

  describe('account values', () => {
    it('summarises an account with several currencies from its cash, positions and rates', async () => {
      server = await startServer();
      const answer = await server.call('GET', '/v1/api/iserver/account/U1234567/summary');
      expect(answer.status).toBe(200);
      const summary = answer.body;
      expect(summary).not.toHaveProperty('currency');
      expect(summary.totalCashValue).toBeCloseTo(individualCash, 2);
      expect(summary.netLiquidationValue).toBeCloseTo(individualNet, 2);
      expect(summary.securitiesGVP).toBeCloseTo(individualStock, 2);
      expect(summary.initialMargin).toBeCloseTo(individualStock * 0.5, 2);
      expect(summary.maintenanceMargin).toBeCloseTo(individualStock * 0.25, 2);
      expect(summary.availableFunds).toBeCloseTo(individualNet - individualStock * 0.5, 1);
      expect(summary.excessLiquidity).toBeCloseTo(individualNet - individualStock * 0.25, 1);
      // A cash account buys with its available funds only.
      expect(summary.buyingPower).toBe(summary.availableFunds);
      expect(summary.cashBalances).toEqual([
        { currency: 'EUR', balance: 12_000, settledCash: 12_000 },
        { currency: 'GBP', balance: 4_000, settledCash: 4_000 },
        { currency: 'JPY', balance: 1_500_000, settledCash: 1_500_000 },
        { currency: 'USD', balance: 85_000, settledCash: 85_000 },
        {
          currency: 'Total (in USD)',
          balance: summary.totalCashValue,
          settledCash: summary.totalCashValue,
        },
      ]);
    });

    it('gives a margin account four times its available funds as buying power', async () => {
      server = await startServer();
      const { headers } = sessionOf('demo_advisor');
      const summary = (
        await server.call('GET', '/v1/api/iserver/account/U2345671/summary', { headers })
      ).body;
      const stock = 300 * aaplPrice + 120 * nvdaPrice;
      expect(summary.netLiquidationValue).toBeCloseTo(250_000 + stock, 2);
      expect(summary.availableFunds).toBeCloseTo(250_000 + stock / 2, 2);
      expect(summary.buyingPower).toBeCloseTo(4 * summary.availableFunds, 2);
    });

    it('agrees across summary, balances, margins, market value and available funds', async () => {
      server = await startServer();
      const base = '/v1/api/iserver/account/U1234567/summary';
      const summary = (await server.call('GET', base)).body;
      const balances = (await server.call('GET', `${base}/balances`)).body;
      const margins = (await server.call('GET', `${base}/margins`)).body;
      const marketValue = (await server.call('GET', `${base}/market_value`)).body;
      const funds = (await server.call('GET', `${base}/available_funds`)).body;

      // Whole units of the base currency, as the service formats them, from the same valuation.
      expect(balances.total.net_liquidation).toBe(
        `${Math.round(summary.netLiquidationValue).toLocaleString('en-US')} USD`,
      );
      expect(amount(balances.total.cash)).toBeCloseTo(summary.totalCashValue, -0.5);
      expect(amount(balances.total.net_liquidation)).toBeCloseTo(
        amount(balances.securities.net_liquidation) + amount(balances.commodities.net_liquidation),
        -0.5,
      );
      // Prices have not moved since the previous close.
      expect(balances.total['Prvs Dy Eqty Wth Ln Vl']).toBe(balances.total.equity_with_loan);
      expect(balances.commodities).not.toHaveProperty('sec_gross_pos_val');
      expect(balances['Crypto at Paxos']).toEqual({
        net_liquidation: '0 USD',
        equity_with_loan: '0 USD',
        cash: '0 USD',
        'MTD Interest': '0 USD',
        'Pndng Dbt Crd Chrgs': '0 USD',
      });

      expect(margins).not.toHaveProperty('currency');
      expect(amount(margins.total.current_initial)).toBeCloseTo(summary.initialMargin, -0.5);
      expect(amount(margins.total.current_maint)).toBeCloseTo(summary.maintenanceMargin, -0.5);
      expect(margins.total.projected_liquidity_inital_margin).toBe(margins.total.current_initial);
      expect(amount(margins.securities['RegT Margin'] ?? '')).toBeCloseTo(summary.regTMargin, -0.5);
      expect(margins.commodities).not.toHaveProperty('RegT Margin');
      expect(margins.commodities.current_initial).toBe('0 USD');

      expect(Object.keys(marketValue)).toEqual(['EUR', 'GBP', 'JPY', 'USD', 'Total (in USD)']);
      expect(marketValue.EUR).toMatchObject({
        total_cash: '12,000',
        stock: (20 * sapPrice).toLocaleString('en-US', { maximumFractionDigits: 0 }),
        'Exchange Rate': '1.085',
      });
      expect(amount(marketValue.USD.stock)).toBeCloseTo(100 * aaplPrice + 50 * msftPrice, -0.5);
      expect(marketValue.USD['Exchange Rate']).toBe('1.00');
      expect(Number(marketValue.JPY['Exchange Rate'])).toBeCloseTo(1 / usdJpy, 7);
      expect(amount(marketValue['Total (in USD)'].net_liquidation)).toBeCloseTo(
        summary.netLiquidationValue,
        -0.5,
      );

      expect(amount(funds.total.current_available)).toBeCloseTo(summary.availableFunds, -0.5);
      expect(amount(funds.total.current_excess)).toBeCloseTo(summary.excessLiquidity, -0.5);
      expect(amount(funds.total.buying_power ?? '')).toBeCloseTo(summary.buyingPower, -0.5);
      expect(funds.total.leverage).toBe(
        (summary.securitiesGVP / summary.netLiquidationValue).toFixed(2),
      );
      // A cash account is not limited by the pattern day trader rule.
      expect(funds.total.day_trades_left).toBe('Unlimited');
      expect(funds.securities).not.toHaveProperty('day_trades_left');
    });

    it('counts the day trades of a margin account below the pattern day trader equity', async () => {
      server = await startServer();
      const { headers } = sessionOf('demo_advisor');
      const funds = (
        await server.call('GET', '/v1/api/iserver/account/F7654321/summary/available_funds', {
          headers,
        })
      ).body;
      expect(funds.total.day_trades_left).toBe('3');
      expect(funds.total.leverage).toBe('0.00');
    });

    it('revalues every figure when a price changes', async () => {
      server = await startServer();
      const before = (await server.call('GET', '/v1/api/iserver/account/U1234567/summary')).body;
      server.brokerage.market.setPrice(AAPL, aaplPrice + 10);
      const after = (await server.call('GET', '/v1/api/iserver/account/U1234567/summary')).body;
      expect(after.netLiquidationValue - before.netLiquidationValue).toBeCloseTo(1_000, 2);
      expect(after.initialMargin - before.initialMargin).toBeCloseTo(500, 2);
      expect(after.totalCashValue).toBe(before.totalCashValue);
      const balances = (
        await server.call('GET', '/v1/api/iserver/account/U1234567/summary/balances')
      ).body;
      expect(
        amount(balances.total.net_liquidation) - amount(balances.total['Prvs Dy Eqty Wth Ln Vl']),
      ).toBe(1_000);
    });

    it("refuses another user's or an unknown account with 400 on every summary operation", async () => {
      server = await startServer();
      const advisor = sessionOf('demo_advisor').headers;
      const suffixes = ['', '/balances', '/margins', '/market_value', '/available_funds'];
      const attempts: [string, Record<string, string>][] = [
        ['U2345671', {}], // the individual asks for the advisor's client
        ['U1234567', advisor], // the advisor asks for the individual's account
        ['U9999999', {}],
      ];
      for (const [accountId, headers] of attempts) {
        for (const suffix of suffixes) {
          const answer = await server.call(
            'GET',
            `/v1/api/iserver/account/${accountId}/summary${suffix}`,
            { headers },
          );
          expect([suffix, answer.status]).toEqual([suffix, 400]);
          expect(answer.body).toEqual({
            error: `Bad Request: accountId is not valid: ${accountId}`,
            statusCode: 400,
          });
        }
      }
    });
  });

  describe('partitioned profit and loss', () => {
    it('answers an empty array first, then each account keyed <id>.Core', async () => {
      server = await startServer();
      const first = await server.call('GET', '/v1/api/iserver/account/pnl/partitioned');
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ upnl: [] });
      const summary = (await server.call('GET', '/v1/api/iserver/account/U1234567/summary')).body;
      const second = await server.call('GET', '/v1/api/iserver/account/pnl/partitioned');
      expect(Object.keys(second.body.upnl)).toEqual(['U1234567.Core']);
      expect(second.body.upnl['U1234567.Core']).toEqual({
        rowType: 1,
        dpl: 0,
        nl: summary.netLiquidationValue,
        upl: expect.closeTo(
          100 * (aaplPrice - 170.25) + 50 * (msftPrice - 330.1) + 20 * (sapPrice - 130) * eurUsd,
          2,
        ),
        el: summary.excessLiquidity,
        mv: expect.closeTo(individualStock, 2),
      });
    });

    it("is computed per session and covers an advisor's accounts; daily P&L follows prices", async () => {
      server = await startServer();
      const { headers } = sessionOf('demo_advisor');
      await server.call('GET', '/v1/api/iserver/account/pnl/partitioned'); // the individual's session
      expect(
        (await server.call('GET', '/v1/api/iserver/account/pnl/partitioned', { headers })).body
          .upnl,
      ).toEqual([]);
      server.brokerage.market.setPrice(AAPL, aaplPrice - 2);
      const answer = (
        await server.call('GET', '/v1/api/iserver/account/pnl/partitioned', { headers })
      ).body;
      expect(Object.keys(answer.upnl)).toEqual([
        'F7654321.Core',
        'U2345671.Core',
        'U2345672.Core',
        'U2345673.Core',
      ]);
      expect(answer.upnl['U2345671.Core'].dpl).toBeCloseTo(300 * -2, 2);
      expect(answer.upnl['F7654321.Core']).toMatchObject({ dpl: 0, upl: 0, mv: 0, nl: 20_000 });
    });
  });
});

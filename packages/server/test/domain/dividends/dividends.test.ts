import { accountMarketValue, ledger } from '../../../src/domain/accounts/account-reports.js';
import { valueAccount } from '../../../src/domain/accounts/valuation.js';
import type { OAuth2Client } from '../../../src/domain/auth/oauth2.js';
import { amountsOf, scheduledDividends } from '../../../src/domain/dividends/schedule.js';
import { DomainError } from '../../../src/domain/kernel/errors.js';
import type { Report } from '../../../src/domain/reports/report.js';
import { defaultDividendSchedules } from '../../../src/fixtures/index.js';
import { AAPL, MSFT, limitBuy } from '../../trading-helpers.js';
import { accountId, domain } from '../services.js';

const dayMs = 24 * 60 * 60_000;
const client: OAuth2Client = {
  clientId: 'TESTCONS',
  keys: [],
  scopes: [],
  endUsers: ['demo_individual'],
};

/** Fresh services on 2025-03-12 15:00 UTC; U1234567 holds 100 AAPL, 50 MSFT, 20 SAP. */
function setup() {
  const { services, clock, session } = domain();
  const { brokerage } = services;
  const account = () => {
    const found = brokerage.account(accountId);
    if (!found) throw new Error('the account is gone');
    return found;
  };
  const values = () => valueAccount(account(), brokerage.market);
  const until = (iso: string) => clock.advance(Date.parse(iso) - clock.now());
  return { services, clock, session, brokerage, account, values, until };
}

const refused = (work: () => unknown, message: RegExp) => {
  let error: unknown;
  try {
    work();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).kind).toBe('badRequest');
  expect((error as DomainError).message).toMatch(message);
};

describe('dividends', () => {
  it('computes amounts to the cent, with the tax the issuer country withholds', () => {
    expect(amountsOf({ perShare: 0.26, withholdingRate: 0 }, 100)).toEqual({
      gross: 26,
      withheld: 0,
      net: 26,
    });
    expect(amountsOf({ perShare: 2.35, withholdingRate: 0.26375 }, 200)).toEqual({
      gross: 470,
      withheld: 123.96,
      net: 346.04,
    });
    expect(amountsOf({ perShare: 0.83, withholdingRate: 0 }, 3)).toEqual({
      gross: 2.49,
      withheld: 0,
      net: 2.49,
    });
    // A short position owes the dividend.
    expect(amountsOf({ perShare: 0.26, withholdingRate: 0 }, -10).net).toBe(-2.6);
  });

  it('schedules each fixture stock on its months, declared before and paid after the ex-date', () => {
    const apple = defaultDividendSchedules.find((schedule) => schedule.conid === AAPL);
    if (!apple) throw new Error('AAPL has no schedule');
    const dividends = scheduledDividends(apple, 2025, 2025);
    expect(dividends.map((dividend) => dividend.exDate)).toEqual([
      '2025-02-10',
      '2025-05-10',
      '2025-08-10',
      '2025-11-10',
    ]);
    expect(dividends[1]).toMatchObject({
      id: `${AAPL}-20250510`,
      declaredDate: '2025-05-01',
      payDate: '2025-05-14',
      perShare: 0.26,
      currency: 'USD',
    });
  });

  it('owes a declared dividend from the ex-date and pays it on the pay date, once', () => {
    const { services, values, account, until, session } = setup();
    const cashBefore = account().cash.USD ?? 0;
    const netBefore = values().total.netLiquidation;
    services.dividends.declare({
      conid: AAPL,
      amount: 0.5,
      exDate: '2025-03-14',
      payDate: '2025-03-18',
    });

    until('2025-03-13T23:59:00Z');
    expect(values().total.dividends).toBe(0);

    until('2025-03-14T00:00:00Z');
    expect(account().dividendsReceivable).toEqual({ USD: 50 });
    const owed = values();
    expect(owed.total.dividends).toBe(50);
    expect(owed.total.netLiquidation).toBeCloseTo(netBefore + 50, 2);
    expect(ledger(accountId, owed, 0).USD?.dividends).toBe(50);
    expect(accountMarketValue(owed).USD?.dividends_receivable).toBe('50');
    expect(account().cash.USD).toBe(cashBefore);

    until('2025-03-18T00:00:00Z');
    expect(account().cash.USD).toBe(Math.round((cashBefore + 50) * 100) / 100);
    expect(account().dividendsReceivable).toEqual({});
    expect(values().total.dividends).toBe(0);
    // The transactions of the contract list the payment beside the trades.
    const listed = services.portfolio.transactions(session, {
      acctIds: [accountId],
      conids: [AAPL],
      currency: 'USD',
    }).transactions;
    expect(listed?.[0]).toMatchObject({ type: 'Dividend', qty: 100, pr: 0.5, amt: 50 });
    const [paid] = services.dividends.entitlementsOf(accountId);
    expect(paid).toMatchObject({
      quantity: 100,
      gross: 50,
      net: 50,
      paidAt: Date.parse('2025-03-18'),
    });

    until('2025-03-25T00:00:00Z');
    expect(account().cash.USD).toBe(Math.round((cashBefore + 50) * 100) / 100);
  });

  it('owes only positions held at the start of the ex-date', () => {
    const { services, session, account, until, brokerage } = setup();
    services.dividends.declare({
      conid: MSFT,
      amount: 1,
      exDate: '2025-03-14',
      payDate: '2025-03-20',
    });
    until('2025-03-14T14:30:00Z');
    // Bought on the ex-date: not owed; the 50 held before are.
    brokerage.market.setPrice(MSFT, 400);
    const outcome = services.orders.place(session, accountId, [
      limitBuy(10, 400, { conid: MSFT, side: 'BUY' }),
    ]);
    expect(outcome.kind).toBe('transmitted');
    expect(account().dividendsReceivable).toEqual({ USD: 50 });
    until('2025-03-20T00:00:00Z');
    expect(services.dividends.paidBetween(accountId, 0, Date.parse('2025-03-21'))).toEqual([
      expect.objectContaining({ quantity: 50, net: 50 }),
    ]);
  });

  it('refuses a dividend that cannot be applied', () => {
    const { services } = setup();
    const declare = (overrides: object) =>
      services.dividends.declare({
        conid: AAPL,
        amount: 0.5,
        exDate: '2025-03-14',
        payDate: '2025-03-18',
        ...overrides,
      });
    refused(() => declare({ conid: 999 }), /No contract/);
    refused(() => declare({ exDate: '2025-03-12' }), /has begun/);
    refused(() => declare({ payDate: '2025-03-13' }), /payDate must not be before exDate/);
    refused(() => declare({ amount: 0 }), /positive/);
    refused(() => declare({ exDate: '2025-3-14' }), /not a date/);
    declare({});
    refused(() => declare({}), /already has a dividend/);
  });

  it('pays the fixture schedules: AAPL on its pay date, SAP net of German withholding', async () => {
    const { services, account, until } = setup();
    const usd = account().cash.USD ?? 0;
    const eur = account().cash.EUR ?? 0;
    until('2025-05-20T00:00:00Z');
    // AAPL 100 x 0.26 paid May 14; SAP 20 x 2.35 = 47.00 less 12.40 paid May 19; MSFT owed.
    expect(account().cash.USD).toBe(Math.round((usd + 26) * 100) / 100);
    expect(account().cash.EUR).toBe(Math.round((eur + 34.6) * 100) / 100);
    expect(account().dividendsReceivable).toEqual({ USD: 41.5 });

    // The statement lists each payment, and the tax withheld, in its cash movements.
    const report = JSON.parse(
      new TextDecoder().decode(
        (
          await services.reports.statement(client, {
            accountId,
            startDate: '20250501',
            endDate: '20250520',
            mimeType: 'application/json',
          })
        ).bytes,
      ),
    ) as Report;
    const cash = report.tables.find((table) => table.title === 'Cash movements');
    expect(cash?.rows.map((row) => [row.kind, row.currency, row.amount])).toEqual([
      ['Dividend', 'USD', 26],
      ['Dividend', 'EUR', 47],
      ['Withholding tax', 'EUR', -12.4],
    ]);
    const totals = report.tables.find((table) => table.title === 'Totals by currency');
    expect(totals?.rows.find((row) => row.currency === 'EUR')?.dividends).toBe(34.6);

    // The 1099-DIV of the year lists them too.
    expect(services.reports.taxDocuments(client, accountId, 2025).data?.value?.forms).toEqual([
      expect.objectContaining({ taxFormName: '1099-DIV' }),
    ]);
  });

  it('counts events from the state start: a reset does not pay what fell before it', () => {
    const { services, account, until, clock } = setup();
    until('2025-05-12T00:00:00Z');
    expect(account().dividendsReceivable).toEqual({ USD: 26 });
    services.brokerage.load();
    const usd = account().cash.USD;
    expect(account().dividendsReceivable ?? {}).toEqual({});
    // Past AAPL's pay date (May 14), before SAP's ex-date (May 15).
    clock.advance(2.5 * dayMs);
    expect(services.dividends.entitlementsOf(accountId)).toEqual([]);
    expect(account().cash.USD).toBe(usd);
  });
});

import { PDFDocument } from 'pdf-lib';
import { areaContext } from '../../../src/domain/accounts/brokerage.js';
import type { OAuth2Client } from '../../../src/domain/auth/oauth2.js';
import { DomainError } from '../../../src/domain/kernel/errors.js';
import { transactions } from '../../../src/domain/portfolio/transactions.js';
import type { Report } from '../../../src/domain/reports/report.js';
import { keptSpan, requestedSpan } from '../../../src/domain/reports/report-periods.js';
import { tradeView } from '../../../src/domain/orders/trades.js';
import { AAPL, MSFT, limitBuy } from '../../trading-helpers.js';
import { accountId, domain } from '../services.js';
import { deposit } from '../banking/instructions.js';

const dayMs = 24 * 60 * 60_000;
const client: OAuth2Client = {
  clientId: 'TESTCONS',
  keys: [],
  scopes: [],
  endUsers: ['demo_individual'],
};

/** Fresh services with a trade helper: a limit order at the price, which fills at once. */
function brokerage() {
  const { services, clock, session } = domain();
  const trade = (conid: number, side: 'BUY' | 'SELL', quantity: number, price: number) => {
    services.brokerage.market.setPrice(conid, price);
    const outcome = services.orders.place(session, accountId, [
      limitBuy(quantity, price, { conid, side }),
    ]);
    if (outcome.kind !== 'transmitted')
      throw new Error(`expected transmitted: ${JSON.stringify(outcome)}`);
  };
  /** The report's JSON rendering, read back. */
  const json = async (file: Promise<{ bytes: Uint8Array }>): Promise<Report> =>
    JSON.parse(new TextDecoder().decode((await file).bytes)) as Report;
  return { services, clock, session, trade, json, reports: services.reports };
}

/** A table of a report, by title. */
const table = (report: Report, title: string) => {
  const found = report.tables.find((candidate) => candidate.title === title);
  if (!found) throw new Error(`No table ${title}`);
  return found;
};

/** A JSON statement of the year 2025. */
const yearOf = (account: string) =>
  ({
    accountId: account,
    startDate: '2025',
    endDate: '2025',
    mimeType: 'application/json',
  }) as const;

const rejected = (work: () => unknown, message: string) => {
  let error: unknown;
  try {
    work();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).message).toBe(message);
};

describe('reports', () => {
  it('puts in a statement exactly the executions the trades operation and the transactions show', async () => {
    const { services, clock, session, trade, json, reports } = brokerage();
    trade(AAPL, 'BUY', 10, 190);
    trade(MSFT, 'SELL', 5, 410);
    clock.advance(dayMs);
    trade(AAPL, 'SELL', 4, 195);
    const served = (days: number) =>
      services.orders
        .executions(session, days)
        .map((execution) => tradeView(services.brokerage, execution).execution_id);
    const statementIds = async (startDate: string, endDate: string) => {
      const report = await json(
        reports.statement(client, { accountId, startDate, endDate, mimeType: 'application/json' }),
      );
      return report.tables[0]?.rows.map((row) => row.executionId) ?? [];
    };
    expect(await statementIds('20250313', '20250313')).toEqual(served(1).toReversed());
    expect(await statementIds('20250312', '20250313')).toEqual(served(2).toReversed());
    expect(served(2)).toHaveLength(3);
    const aaplTransactions = transactions(
      areaContext(services.brokerage),
      { accountIds: [accountId], conid: AAPL, currency: 'USD', days: 2 },
      (account, from, to) => services.dividends.paidBetween(account, from, to),
    ).transactions;
    const report = await json(
      reports.statement(client, {
        accountId,
        startDate: '202503',
        endDate: '202503',
        mimeType: 'application/json',
      }),
    );
    const aaplRows = report.tables[0]?.rows.filter((row) => row.symbol === 'AAPL') ?? [];
    expect(aaplRows.map((row) => Number(row.quantity) * (row.side === 'BUY' ? 1 : -1))).toEqual(
      (aaplTransactions ?? []).map((transaction) => transaction.qty).toReversed(),
    );
    expect(report.period).toEqual({ from: '2025-03-01', to: '2025-03-13' });
  });

  it('reconciles each currency: opening cash plus the period’s movements is the closing cash, the ledger’s now', async () => {
    const { services, trade, json, reports } = brokerage();
    const cash = () => services.brokerage.account(accountId)?.cash.USD ?? 0;
    const before = cash();
    trade(AAPL, 'BUY', 10, 190);
    trade(AAPL, 'SELL', 30, 200);
    const report = await json(reports.statement(client, yearOf(accountId)));
    const usd = table(report, 'Totals by currency').rows.find((row) => row.currency === 'USD');
    expect(usd).toMatchObject({ opening: before, closing: cash() });
    expect(usd?.trades).toBe(-1900 + 6000);
    expect(Number(usd?.opening) + Number(usd?.trades) + Number(usd?.commissions)).toBeCloseTo(
      cash(),
      2,
    );
    const movements = table(report, 'Cash movements').rows;
    expect(movements.map((row) => row.kind)).toEqual([
      'Trade',
      'Commission',
      'Trade',
      'Commission',
    ]);
    expect(movements.at(-1)?.balance).toBe(cash());
  });

  it('lists the settled deposits, withdrawals and deliveries on their settlement day, and reconciles with them', async () => {
    const { services, clock, trade, json, reports } = brokerage();
    const { banking } = services;
    const cash = () => services.brokerage.account(accountId)?.cash.USD ?? 0;
    banking.seedBankInstruction({
      accountId,
      name: 'Checking',
      method: 'ACH',
      currency: 'USD',
      bankAccountNumber: '7004417729',
      bankRoutingNumber: '021000555',
    });
    const opening = cash();
    banking.submit(deposit(1, 2500), 202);
    banking.submit(
      {
        instructionType: 'WITHDRAWAL',
        instruction: {
          accountId,
          amount: 400,
          bankInstructionMethod: 'ACH',
          bankInstructionName: 'Checking',
          clientInstructionId: 2,
          currency: 'USD',
        },
      },
      202,
    );
    const delivery = (clientInstructionId: number, direction: 'IN' | 'OUT', quantity: number) =>
      banking.submit(
        {
          instructionType: 'FOP',
          instruction: {
            accountId,
            clientInstructionId,
            contraBrokerAccountId: '88123004',
            contraBrokerDtcCode: '0571',
            direction,
            quantity,
            tradingInstrument: { conid: MSFT, currency: 'USD' },
          },
        },
        202,
      );
    services.brokerage.market.setPrice(MSFT, 400);
    delivery(3, 'IN', 10);
    const cancelled = banking.submit(deposit(4, 99), 202);
    banking.failNow(cancelled.instructionResult?.instructionId ?? 0, {
      errorCode: 'BANK_RETURNED',
      errorMessage: 'Returned by the bank',
    });
    trade(AAPL, 'BUY', 10, 190); // 12 March
    clock.advance(dayMs); // 13 March: the deposit and the withdrawal settle
    clock.advance(2 * dayMs); // 15 March: the delivery settles at the price then
    const statementOf = async (startDate: string, endDate: string) =>
      json(
        reports.statement(client, { accountId, startDate, endDate, mimeType: 'application/json' }),
      );
    const day12 = await statementOf('20250312', '20250312');
    const day13 = await statementOf('20250313', '20250313');
    const whole = await statementOf('20250312', '20250315');
    expect(table(day12, 'Cash movements').rows.map((row) => row.kind)).toEqual([
      'Trade',
      'Commission',
    ]);
    expect(table(day13, 'Cash movements').rows).toMatchObject([
      { kind: 'Deposit', amount: 2500, time: '2025-03-13 15:00:00' },
      { kind: 'Withdrawal', amount: -400, time: '2025-03-13 15:00:00' },
    ]);
    expect(table(day13, 'Position transfers').rows).toEqual([]);
    expect(table(whole, 'Position transfers').rows).toEqual([
      expect.objectContaining({
        time: '2025-03-15 15:00:00',
        kind: 'Delivery in',
        symbol: 'MSFT',
        quantity: 10,
        costBasis: 400,
        value: 4000,
      }),
    ]);
    const usd = (report: Report) =>
      table(report, 'Totals by currency').rows.find((row) => row.currency === 'USD') ?? {};
    expect(usd(whole)).toMatchObject({ opening, external: 2100, closing: cash() });
    expect(usd(day12).closing).toBe(usd(day13).opening);
    expect(usd(day13)).toMatchObject({
      external: 2100,
      closing: Number(usd(day13).opening) + 2100,
    });
    const { opening: start, trades, commissions, external, internal, closing } = usd(whole);
    expect(
      [trades, commissions, external, internal].reduce<number>(
        (sum, value) => sum + Number(value),
        Number(start),
      ),
    ).toBeCloseTo(Number(closing), 2);
  });

  it('lists an internal transfer of cash and of shares in both accounts, the shares at their cost basis', async () => {
    const { services, clock, json, reports } = brokerage();
    const { banking } = services;
    const [source, target] = ['U2345671', 'F7654321'];
    const held = services.brokerage
      .account(source)
      ?.positions.find((position) => position.conid === AAPL);
    banking.submit(
      {
        instructionType: 'INTERNAL_CASH_TRANSFER',
        instruction: {
          amount: 1500,
          clientInstructionId: 5,
          currency: 'USD',
          sourceAccountId: source,
          targetAccountId: target,
        },
      },
      201,
    );
    const moved = banking.submit(
      {
        instructionType: 'INTERNAL_POSITION_TRANSFER',
        instruction: {
          clientInstructionId: 6,
          sourceAccountId: source,
          targetAccountId: target,
          tradingInstrument: { conid: AAPL, currency: 'USD' },
          transferQuantity: 3,
        },
      },
      202,
    );
    banking.settleNow(moved.instructionResult?.instructionId ?? 0); // settled early, the same day
    clock.advance(dayMs); // nothing settles again
    const advisor = { ...client, endUsers: ['demo_advisor'] };
    const statementOf = async (account: string) =>
      json(
        reports.statement(advisor, {
          accountId: account,
          startDate: '20250312',
          endDate: '20250313',
          mimeType: 'application/json',
        }),
      );
    const [out, into] = [await statementOf(source), await statementOf(target)];
    const transferId = moved.instructionResult?.instructionId;
    expect(table(out, 'Cash movements').rows).toMatchObject([
      {
        kind: 'Transfer out',
        amount: -1500,
        description: expect.stringMatching(/^To F7654321, instruction \d+$/),
      },
    ]);
    expect(table(into, 'Cash movements').rows).toMatchObject([
      { kind: 'Transfer in', amount: 1500 },
    ]);
    const costBasis = held?.averageCost ?? NaN;
    expect(table(out, 'Position transfers').rows).toEqual([
      expect.objectContaining({
        kind: 'Transfer out',
        description: `To F7654321, instruction ${transferId}`,
        quantity: -3,
        costBasis,
        time: '2025-03-12 15:00:00',
      }),
    ]);
    expect(table(into, 'Position transfers').rows).toEqual([
      expect.objectContaining({
        kind: 'Transfer in',
        description: `From U2345671, instruction ${transferId}`,
        quantity: 3,
        costBasis,
      }),
    ]);
    const usd = (report: Report) =>
      table(report, 'Totals by currency').rows.find((row) => row.currency === 'USD');
    expect(usd(out)).toMatchObject({
      internal: -1500,
      closing: services.brokerage.account(source)?.cash.USD,
    });
    expect(usd(into)).toMatchObject({
      internal: 1500,
      closing: services.brokerage.account(target)?.cash.USD,
    });
  });

  it('lists the statement periods from the kept history to the clock, and the days with trades', () => {
    const { clock, trade, reports } = brokerage();
    trade(AAPL, 'BUY', 1, 190);
    clock.advance(5 * dayMs); // Monday 17 March
    trade(AAPL, 'BUY', 1, 191);
    const dates = reports.statementDates(client, accountId).data?.value;
    expect(dates?.daily).toEqual({ startDate: '20240313', endDate: '20250317' });
    expect(dates?.monthly?.slice(0, 2)).toEqual(['202503', '202502']);
    expect(dates?.monthly).toHaveLength(13);
    expect(dates?.annual).toEqual(['2025', '2024']);
    expect(reports.tradeConfirmationDates(client, accountId).data?.value).toEqual([
      '20250317',
      '20250312',
    ]);
  });

  it('offers the 1099 once the account traded and the 8949 once a trade realized a profit or loss', async () => {
    const { trade, reports, json } = brokerage();
    const forms = () =>
      reports
        .taxDocuments(client, accountId, 2025)
        .data?.value?.forms?.map((form) => form.taxFormName);
    expect(forms()).toEqual([]);
    trade(AAPL, 'BUY', 10, 190);
    expect(forms()).toEqual(['1099']);
    await expect(
      reports.taxDocument(client, { accountId, year: 2025, type: '8949', format: 'JSON' }),
    ).rejects.toThrow(
      'Tax form 8949 is not available for account U1234567 in 2025 (available: 1099)',
    );
    trade(AAPL, 'SELL', 20, 200);
    expect(forms()).toEqual(['1099', '8949']);
    const all = await json(
      reports.taxDocument(client, { accountId, year: 2025, type: 'ALL', format: 'JSON' }),
    );
    expect(all.tables.map((table) => table.title.slice(0, 9))).toEqual(['Form 1099', 'Form 8949']);
    expect(all.tables[1]?.rows).toHaveLength(1);
    expect(reports.taxDocuments(client, accountId, 2020).data?.value?.forms).toEqual([]);
  });

  it('reads periods of one unit within the kept history, and refuses any other', () => {
    const kept = keptSpan(Date.parse('2025-03-12T15:00:00Z'));
    const span = (start: string, end: string) => requestedSpan(start, end, kept, 'Statements');
    expect(span('202503', '202503').lastDay - span('202503', '202503').firstDay).toBe(11);
    rejected(
      () => span('20250301', '202503'),
      'startDate and endDate must both be days (YYYYMMDD), months (YYYYMM) or years (YYYY)',
    );
    rejected(() => span('20250310', '20250309'), 'endDate 20250309 is before startDate 20250310');
    rejected(() => span('20250231', '20250301'), 'startDate 20250231 is not a day');
    rejected(() => span('202513', '202513'), 'startDate 202513 is not a month');
    rejected(
      () => span('20250313', '20250313'),
      'Statements are available from 20240308 to 20250312',
    );
    rejected(() => span('2023', '2025'), 'Statements are available from 2024 to 2025');
  });

  it('refuses an account of no end user of the client, existing or not, alike', () => {
    const { reports } = brokerage();
    rejected(
      () => reports.account(client, 'U2345671'),
      "Account U2345671 is not an account of the client's end users",
    );
    rejected(
      () => reports.account(client, 'U0000000'),
      "Account U0000000 is not an account of the client's end users",
    );
    const advisor = { ...client, endUsers: ['demo_advisor'] };
    expect(reports.account(advisor, 'U2345671').id).toBe('U2345671');
  });

  it('makes the same PDF of the same state and clock, dated by the clock', async () => {
    const { trade, reports } = brokerage();
    trade(AAPL, 'BUY', 10, 190);
    const request = { accountId, startDate: '20250312', endDate: '20250312' };
    const first = await reports.statement(client, request);
    const second = await reports.statement(client, request);
    expect(first.mimeType).toBe('application/pdf');
    expect(Buffer.from(first.bytes).equals(Buffer.from(second.bytes))).toBe(true);
    expect(Buffer.from(first.bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const loaded = await PDFDocument.load(first.bytes);
    expect(loaded.getCreationDate()?.toISOString()).toBe('2025-03-12T15:00:00.000Z');
    expect(loaded.getTitle()).toBe('Account statement U1234567 2025-03-12 to 2025-03-12');
  });

  it('renders the same content as CSV and HTML, escaped, the banking movements with it', async () => {
    const { services, trade, reports } = brokerage();
    trade(AAPL, 'BUY', 10, 190);
    const made = services.banking.submit(deposit(1, 2500), 202);
    services.banking.settleNow(made.instructionResult?.instructionId ?? 0);
    const text = async (mimeType: 'text/csv' | 'text/html') =>
      new TextDecoder().decode(
        (
          await reports.statement(client, {
            accountId,
            startDate: '20250312',
            endDate: '20250312',
            mimeType,
          })
        ).bytes,
      );
    const csv = await text('text/csv');
    expect(csv).toContain('Date/time (UTC),Execution,Order,Symbol,Side,Quantity,Price,Proceeds');
    expect(csv).toMatch(/AAPL,BUY,10,190.00,-1900\.00,/);
    expect(csv).toMatch(/\r\n2025-03-12 15:00:00,Deposit,"Deposit, instruction \d+",USD,2500\.00,/);
    expect(csv).toContain('\r\nPosition transfers\r\n');
    const html = await text('text/html');
    expect(html).toContain('<th>Realized P&amp;L</th>');
    expect(html).toContain('<td>Deposit</td>');
  });
});

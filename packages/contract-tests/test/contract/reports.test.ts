// Account-management reports under /gw/api/v1: statements, trade confirmations and tax documents
// (the JSON envelope, and the PDF itself fetched as bytes), the periods they cover, and a
// statement's executions against the trades operation, and its cash movements (trades, commissions,
// banking) against the change of the ledger.
import type { Body } from '@brokerage/types';
import { controls, describeInProcess } from '../../src/target.js';
import { bearer } from '../support/bearer.js';
import { useTarget } from '../support/target.js';

type Order = Body<'placeOrders'>['orders'][number];
interface Envelope {
  data?: { value?: string; mimeType?: string };
}

const warnings = ['o10151', 'o163', 'o354', 'o383', 'o451', 'o2137'];
const decoded = (envelope: Envelope | undefined) =>
  Buffer.from(envelope?.data?.value ?? '', 'base64');

describeInProcess('account-management reports', () => {
  const suite = useTarget();
  let accountId = '';
  let today = '';

  beforeAll(async () => {
    const { data } = await suite.client.GET('/v1/api/iserver/accounts');
    accountId = data?.accounts?.[0] ?? '';
    await suite.client.POST('/v1/api/iserver/questions/suppress', {
      body: { messageIds: warnings },
    });
    const order = (side: 'BUY' | 'SELL'): Order => ({
      conid: 265598,
      orderType: 'MKT',
      side,
      tif: 'DAY',
      quantity: 2,
    });
    for (const side of ['BUY', 'SELL'] as const)
      await suite.client.POST('/v1/api/iserver/account/{accountId}/orders', {
        params: { path: { accountId } },
        body: { orders: [order(side)] },
      });
    today = new Date(controls(suite.target).clock.now())
      .toISOString()
      .slice(0, 10)
      .replaceAll('-', '');
  });

  const statement = async (body: Partial<Body<'generateStatement'>>, scope = 'statements.read') =>
    suite.client.POST('/gw/api/v1/statements', {
      body: { accountId, startDate: today, endDate: today, ...body },
      headers: await bearer(suite, scope),
    });

  it('generateStatement holds the trades getTrades serves for the same account and day', async () => {
    const trades = await suite.client.GET('/v1/api/iserver/account/trades', {
      params: { query: { days: 1 } },
    });
    const served = (trades.data ?? []).map((trade) => trade.execution_id).sort();
    expect(served.length).toBeGreaterThanOrEqual(2);
    const answer = await statement({ mimeType: 'application/json' });
    expect(answer.response.status).toBe(200);
    const report = JSON.parse(decoded(answer.data as Envelope).toString('utf8')) as {
      tables: { rows: { executionId: string }[] }[];
    };
    expect(report.tables[0]?.rows.map((row) => row.executionId).sort()).toEqual(served);
  });

  it('consistency: a statement’s cash movements equal the change of the ledger, its closing cash the ledger’s', async () => {
    const ledgerCash = async () => {
      await suite.client.GET('/v1/api/portfolio/accounts');
      const ledger = await suite.client.GET('/v1/api/portfolio/{accountId}/ledger', {
        params: { path: { accountId } },
      });
      return ledger.data?.USD?.cashbalance ?? NaN;
    };
    const usd = async () => {
      const answer = await statement({ mimeType: 'application/json' });
      const report = JSON.parse(decoded(answer.data as Envelope).toString('utf8')) as {
        tables: { title: string; rows: Record<string, string | number>[] }[];
      };
      const rows = (title: string) => report.tables.find((table) => table.title === title)?.rows;
      const moved = (rows('Cash movements') ?? [])
        .filter((row) => row.currency === 'USD')
        .reduce((sum, row) => sum + Number(row.amount), 0);
      const totals = rows('Totals by currency')?.find((row) => row.currency === 'USD');
      return { moved, opening: totals?.opening, closing: totals?.closing };
    };
    const [ledgerBefore, before] = [await ledgerCash(), await usd()];
    const deposit = await suite.client.POST('/gw/api/v1/external-cash-transfers', {
      body: {
        instructionType: 'DEPOSIT',
        instruction: {
          accountId,
          amount: 1234.56,
          bankInstructionMethod: 'WIRE',
          clientInstructionId: 8_100_001,
          currency: 'USD',
        },
      },
      headers: await bearer(suite, 'transfers.write'),
    });
    const instructionId = deposit.data?.instructionResult?.instructionId ?? 0;
    const settled = await fetch(
      `${suite.target.baseUrl}/control/banking/instructions/${instructionId}/settle`,
      { method: 'POST' },
    );
    expect(settled.status).toBe(200);
    await suite.client.POST('/v1/api/iserver/account/{accountId}/orders', {
      params: { path: { accountId } },
      body: { orders: [{ conid: 265598, orderType: 'MKT', side: 'BUY', tif: 'DAY', quantity: 3 }] },
    });
    const [ledgerAfter, after] = [await ledgerCash(), await usd()];
    expect(after.moved - before.moved).toBeCloseTo(ledgerAfter - ledgerBefore, 2);
    expect(after.opening).toBe(before.opening);
    expect(after.closing).toBeCloseTo(ledgerAfter, 2);
    expect(ledgerAfter - ledgerBefore).not.toBeCloseTo(1234.56, 2); // the trade moved cash too
  });

  it('generateStatement answers the PDF itself when Accept prefers it; the typed client reads it as bytes', async () => {
    const { data, response } = await suite.client.POST('/gw/api/v1/statements', {
      body: { accountId, startDate: today, endDate: today, mimeType: 'application/pdf' },
      headers: { ...(await bearer(suite, 'reports.write')), accept: 'application/pdf' },
      parseAs: 'arrayBuffer',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(data as unknown as ArrayBuffer);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const wrapped = await statement({ mimeType: 'application/pdf' });
    expect(decoded(wrapped.data as Envelope).equals(bytes)).toBe(true);
  });

  it('generateStatement: a period out of the kept history 400, no token 401, another scope or account 403', async () => {
    expect((await statement({ startDate: '19990101', endDate: '19990102' })).response.status).toBe(
      400,
    );
    const anonymous = await suite.client.POST('/gw/api/v1/statements', {
      body: { accountId, startDate: today, endDate: today },
    });
    expect(anonymous.response.status).toBe(401);
    expect((await statement({}, 'statements.write')).response.status).toBe(200);
    expect((await statement({}, 'restrictions.write')).response.status).toBe(403);
    expect((await statement({ accountId: 'U0000000' })).response.status).toBe(403);
  });

  it('getAvailableStatementDates ends the daily range today; no account 400, no token 401, another scope 403', async () => {
    const path = '/gw/api/v1/statements/available';
    const listed = await suite.client.GET(path, {
      params: { query: { accountId } },
      headers: await bearer(suite, 'reports.read'),
    });
    expect(listed.response.status).toBe(200);
    expect(listed.data?.data?.value?.daily?.endDate).toBe(today);
    expect(listed.data?.data?.value?.monthly?.[0]).toBe(today.slice(0, 6));
    const missing = await suite.client.GET(path, {
      params: { query: {} as { accountId: string } },
      headers: await bearer(suite, 'reports.read'),
    });
    expect(missing.response.status).toBe(400);
    expect(
      (await suite.client.GET(path, { params: { query: { accountId } } })).response.status,
    ).toBe(401);
    const wrongScope = await suite.client.GET(path, {
      params: { query: { accountId } },
      headers: await bearer(suite, 'reports.write'),
    });
    expect(wrongScope.response.status).toBe(403);
  });

  it('generateTradeConfirmation confirms the day’s executions; too long a range 400, no token 401, another scope 403', async () => {
    const confirm = async (
      body: Partial<Body<'generateTradeConfirmation'>>,
      scope = 'statements.write',
    ) =>
      suite.client.POST('/gw/api/v1/trade-confirmations', {
        body: { accountId, startDate: today, endDate: today, mimeType: 'text/csv', ...body },
        headers: await bearer(suite, scope),
      });
    const answer = await confirm({});
    expect(answer.response.status).toBe(200);
    expect(decoded(answer.data as Envelope).toString('utf8')).toContain('AAPL');
    const start = new Date(controls(suite.target).clock.now() - 40 * 86_400_000)
      .toISOString()
      .slice(0, 10)
      .replaceAll('-', '');
    expect((await confirm({ startDate: start })).response.status).toBe(400);
    const anonymous = await suite.client.POST('/gw/api/v1/trade-confirmations', {
      body: { accountId, startDate: today, endDate: today },
    });
    expect(anonymous.response.status).toBe(401);
    expect((await confirm({}, 'statements.read')).response.status).toBe(403);
  });

  it('getAvailableTradeConfirmationDates lists today; no account 400, no token 401, another scope 403', async () => {
    const path = '/gw/api/v1/trade-confirmations/available';
    const listed = await suite.client.GET(path, {
      params: { query: { accountId } },
      headers: await bearer(suite, 'statements.read'),
    });
    expect(listed.response.status).toBe(200);
    expect(listed.data?.data?.value?.[0]).toBe(today);
    const missing = await suite.client.GET(path, {
      params: { query: {} as { accountId: string } },
      headers: await bearer(suite, 'statements.read'),
    });
    expect(missing.response.status).toBe(400);
    expect(
      (await suite.client.GET(path, { params: { query: { accountId } } })).response.status,
    ).toBe(401);
    const wrongScope = await suite.client.GET(path, {
      params: { query: { accountId } },
      headers: await bearer(suite, 'statements.write'),
    });
    expect(wrongScope.response.status).toBe(403);
  });

  it('generateTaxDocument builds the year’s 1099; an unavailable form 400, no token 401, another scope 403', async () => {
    const year = Number(today.slice(0, 4));
    const tax = async (body: Partial<Body<'generateTaxDocument'>>, scope = 'reports.write') =>
      suite.client.POST('/gw/api/v1/tax-documents', {
        body: { accountId, year, type: '1099', format: 'HTML', ...body },
        headers: await bearer(suite, scope),
      });
    const answer = await tax({});
    expect(answer.response.status).toBe(200);
    expect((answer.data as Envelope).data?.mimeType).toBe('text/html');
    expect((await tax({ type: '1042S' })).response.status).toBe(400);
    const anonymous = await suite.client.POST('/gw/api/v1/tax-documents', {
      body: { accountId, year, type: '1099', format: 'PDF' },
    });
    expect(anonymous.response.status).toBe(401);
    expect((await tax({}, 'reports.read')).response.status).toBe(403);
  });

  it('getAvailableTaxDocuments lists the forms of the year; no year 400, no token 401, another scope 403', async () => {
    const path = '/gw/api/v1/tax-documents/available';
    const year = Number(today.slice(0, 4));
    const listed = await suite.client.GET(path, {
      params: { query: { accountId, year } },
      headers: await bearer(suite, 'reports.read'),
    });
    expect(listed.response.status).toBe(200);
    expect(listed.data?.data?.value?.forms?.map((form) => form.taxFormName)).toContain('1099');
    const missing = await suite.client.GET(path, {
      params: { query: { accountId } as { accountId: string; year: number } },
      headers: await bearer(suite, 'reports.read'),
    });
    expect(missing.response.status).toBe(400);
    expect(
      (await suite.client.GET(path, { params: { query: { accountId, year } } })).response.status,
    ).toBe(401);
    const wrongScope = await suite.client.GET(path, {
      params: { query: { accountId, year } },
      headers: await bearer(suite, 'statements.write'),
    });
    expect(wrongScope.response.status).toBe(403);
  });
});

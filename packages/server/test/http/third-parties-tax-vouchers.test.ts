import type { streaming } from '@brokerage/types';
import { startServer, type Harness } from '../harness.js';
import { bearerHeader, signedBody } from '../oauth2-helper.js';
import { openSocket, topicOf } from '../stream-socket.js';

// Dividends that pay, end to end: a dividend declared through the control API on a position
// held over its ex-date is owed from the ex-date and paid on the pay date, and the same amount
// shows in the ledger (HTTP and the socket's `sld` frames), the portfolio summary, the
// statement, and the tax vouchers' dividends, whose voucher is then requested, processed on the
// clock and downloaded as a PDF.

type LedgerFrame = streaming.ServerMessages['ledger'];

describe('Third Parties Tax Vouchers and dividends that pay', () => {
  let server: Harness;
  beforeAll(async () => {
    server = await startServer({ streaming: { validateMessages: true } });
  });
  afterAll(() => server.close());

  /** Moves the clock to `iso`; the gateway's user logs in again (the idle session ended). */
  const until = async (iso: string) => {
    server.clock.advance(Date.parse(iso) - server.clock.now());
    expect((await server.call('POST', '/control/gateway/login')).status).toBe(200);
  };
  const usdLedger = async () => {
    await server.call('GET', '/v1/api/portfolio/accounts');
    const answer = await server.call('GET', '/v1/api/portfolio/U1234567/ledger');
    expect(answer.status).toBe(200);
    return answer.body.USD as { cashbalance: number; dividends: number };
  };
  const gw = async (scope: string, path: string) =>
    server.call('GET', path, { headers: await bearerHeader(server, scope) });

  /** The USD row of the ledger a new socket's `sld` subscription is sent first (a socket ends
   * when the clock passes its `tic` deadline, so one is opened at each date). */
  const socketLedger = async () => {
    const socket = await openSocket(server);
    socket.send('sld+U1234567+{}');
    const frame = (await socket.next(
      (message) => topicOf(message) === 'sld+U1234567',
    )) as LedgerFrame;
    socket.close();
    return frame.result.find((entry) => entry.key === 'LedgerListUSD');
  };

  it('pays a position held over the ex-date on the pay date, the same amount everywhere', async () => {
    const before = await usdLedger();
    expect((await socketLedger())?.cashbalance).toBe(before.cashbalance);

    // 100 AAPL held, 0.37 a share: 37.00 owed from the ex-date.
    const declared = await server.call('POST', '/control/dividends', {
      body: { conid: 265598, amount: 0.37, exDate: '2026-01-07', payDate: '2026-01-09' },
    });
    expect(declared.status).toBe(200);
    expect(declared.body).toMatchObject({ id: '265598-20260107', currency: 'USD', amount: 0.37 });

    await until('2026-01-07T00:00:00Z');
    expect((await usdLedger()).dividends).toBe(37);
    expect((await socketLedger())?.dividends).toBe(37);
    const summary = await server.call('GET', '/v1/api/portfolio/U1234567/summary');
    expect(summary.body.accrueddividend.amount).toBe(37);

    await until('2026-01-09T00:00:00Z');
    const after = await usdLedger();
    expect(after.cashbalance).toBe(before.cashbalance + 37);
    expect(after.dividends).toBe(0);
    const paid = await socketLedger();
    expect(paid?.dividends).toBe(0);
    expect(paid?.cashbalance).toBe(before.cashbalance + 37);

    // The statement of the pay date.
    const statement = await server.call('POST', '/gw/api/v1/statements', {
      headers: await bearerHeader(server, 'statements.read'),
      body: {
        accountId: 'U1234567',
        startDate: '20260109',
        endDate: '20260109',
        mimeType: 'application/json',
      },
    });
    const report = JSON.parse(Buffer.from(statement.body.data.value, 'base64').toString()) as {
      tables: { title: string; rows: Record<string, unknown>[] }[];
    };
    const cash = report.tables.find((table) => table.title === 'Cash movements')?.rows ?? [];
    expect(cash.map((row) => [row.kind, row.amount])).toEqual([['Dividend', 37]]);

    // The tax vouchers' dividends, then a voucher of it.
    const dividends = await gw(
      'tax-vouchers.read',
      '/gw/api/v1/tax-vouchers/dividends?custAcctId=U1234567&year=2026&countryCode=US',
    );
    expect(dividends.status).toBe(200);
    expect(dividends.body).toEqual([
      expect.objectContaining({
        corpactionId: '265598-20260107',
        exDate: '2026-01-07',
        payDate: '2026-01-09',
        symbol: 'AAPL',
        voucher: null,
      }),
    ]);
    const created = await server.call('POST', '/gw/api/v1/tax-vouchers', {
      headers: {
        ...(await bearerHeader(server, 'tax-vouchers.write')),
        'content-type': 'text/plain',
      },
      body: await signedBody({
        requests: [{ custAcctId: 'U1234567', corpactionId: '265598-20260107' }],
      }),
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual([
      expect.objectContaining({ divAmount: 37, quantity: 100, requestState: 'PENDING' }),
    ]);
    const requestId = created.body[0].requestId as string;
    const download = () => gw('tax-vouchers.read', `/gw/api/v1/tax-vouchers/${requestId}/download`);
    expect((await download()).status).toBe(400);

    server.clock.advance(24 * 60 * 60_000);
    const state = await gw('tax-vouchers.read', `/gw/api/v1/tax-vouchers/${requestId}/state`);
    expect(state.body.requestState).toBe('COMPLETED');
    const pdf = await download();
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(String(pdf.body).startsWith('%PDF-')).toBe(true);
  });

  it('refuses through the control API a dividend whose ex-date has begun or of no contract', async () => {
    const declare = (body: object) => server.call('POST', '/control/dividends', { body });
    const today = new Date(server.clock.now()).toISOString().slice(0, 10);
    const begun = await declare({ conid: 265598, amount: 1, exDate: today, payDate: today });
    expect(begun.status).toBe(400);
    expect(JSON.stringify(begun.body)).toMatch(/has begun/);
    const unknown = await declare({
      conid: 999,
      amount: 1,
      exDate: '2099-01-02',
      payDate: '2099-01-03',
    });
    expect(unknown.status).toBe(400);
  });

  it('accepts the signed body under application/jwt too, and refuses a body not signed', async () => {
    const post = async (body: string, contentType: string) =>
      server.call('POST', '/gw/api/v1/tax-vouchers', {
        headers: {
          ...(await bearerHeader(server, 'tax-vouchers.write')),
          'content-type': contentType,
        },
        body,
      });
    const unknown = await post(
      await signedBody({ requests: [{ custAcctId: 'U1234567', corpactionId: '8314-20990101' }] }),
      'application/jwt',
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toMatch(/No dividend 8314-20990101/);
    expect((await post('a.b.c', 'text/plain')).status).toBe(401);
  });
});

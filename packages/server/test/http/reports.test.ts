import { signedJwt } from '@brokerage/types/oauth2';
import type { JWTPayload } from 'jose';
import { startServer, type Harness } from '../harness.js';
import { testConsumer } from '../oauth1-helper.js';
import { accessToken } from '../oauth2-helper.js';
import { AAPL, MSFT, tradingCalls } from '../trading-helpers.js';

// The pipeline of the reports and pre-trade compliance operations: media types (JSON, PDF),
// scopes, problem details, the signed apply body, and a restriction the order placement obeys.
// The rules themselves are tested in test/domain/reports.test.ts and restrictions.test.ts.

const dayMs = 24 * 60 * 60_000;

describe('reports and pre-trade compliance (/gw/api/v1)', () => {
  let server: Harness;
  let calls: ReturnType<typeof tradingCalls>;
  beforeEach(async () => {
    server = await startServer({ gatewayUser: 'demo_individual', sessionTimeoutMs: 30 * dayMs });
    calls = tradingCalls(server);
    await calls.suppress('o10151');
  });
  afterEach(() => server.close());

  const bearer = async (scope: string) => `Bearer ${await accessToken(server, scope)}`;
  const post = async (path: string, body: unknown, scope: string, accept = 'application/json') =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: await bearer(scope),
        'content-type': 'application/json',
        accept,
      },
      body: JSON.stringify(body),
    });
  const today = '20260105';
  const week = { accountId: 'U1234567', startDate: today, endDate: today };

  it('answers a statement as the JSON envelope or, when Accept prefers it, as the PDF itself', async () => {
    calls.setPrice(AAPL, 190);
    await calls.place({ conid: AAPL, orderType: 'MKT', side: 'BUY', tif: 'DAY', quantity: 10 });
    const json = await post(
      '/gw/api/v1/statements',
      { ...week, mimeType: 'application/json' },
      'statements.read',
    );
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    const envelope = (await json.json()) as { data: { value: string; mimeType: string } };
    expect(envelope.data.mimeType).toBe('application/json');
    const statement = JSON.parse(Buffer.from(envelope.data.value, 'base64').toString('utf8'));
    expect(statement.tables[0].rows).toHaveLength(1);

    const pdf = await post('/gw/api/v1/statements', week, 'reports.write', 'application/pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The same state and clock give the same bytes, in either form.
    const again = await post('/gw/api/v1/statements', week, 'statements.write', 'application/pdf');
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    const wrapped = await post(
      '/gw/api/v1/statements',
      { ...week, mimeType: 'application/pdf' },
      'statements.read',
    );
    const { data } = (await wrapped.json()) as { data: { value: string } };
    expect(Buffer.from(data.value, 'base64').equals(bytes)).toBe(true);
  });

  it('refuses a missing token (401), a token without the scope and an account of no end user (403), as problem details', async () => {
    const anonymous = await fetch(
      `${server.baseUrl}/gw/api/v1/statements/available?accountId=U1234567`,
    );
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const wrongScope = await post('/gw/api/v1/trade-confirmations', week, 'statements.read');
    expect(wrongScope.status).toBe(403);
    expect(await wrongScope.json()).toMatchObject({
      status: 403,
      detail: 'Insufficient scope: statements.write or reports.write required',
    });
    const stranger = await post(
      '/gw/api/v1/statements',
      { ...week, accountId: 'U9999999' },
      'statements.read',
    );
    expect(stranger.status).toBe(403);
    const badPeriod = await post(
      '/gw/api/v1/statements',
      { ...week, endDate: '202601' },
      'statements.read',
    );
    expect(badPeriod.status).toBe(400);
    expect(badPeriod.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  /** A body signed as the signed-JWT policy wants it, valid for `seconds`. */
  function signed(claims: JWTPayload, seconds = 30): Promise<string> {
    const { clientId, privateJwk } = testConsumer.oauth2;
    return signedJwt(claims, {
      clientId,
      privateKey: privateJwk,
      kid: privateJwk.kid ?? 'main',
      nowMs: server.clock.now(),
      lifetimeSeconds: seconds,
    });
  }

  it('applies a verified restrictions CSV: the trading side then refuses an opening order with the restriction named', async () => {
    const csv = [
      'RESTR_ADD, OnlyCloseAAPL, RULE_BEGIN, rule_type=CLOSINGONLY, conid=265598, RULE_END',
      'RESTR_ASSOC_ADD, OnlyCloseAAPL, U1234567',
    ].join('\n');
    const payload = Buffer.from(csv).toString('base64');
    const request = { userName: 'demo_individual', requestId: 7, payload };
    const verified = await post('/gw/api/v1/restrictions/verify', request, 'restrictions.write');
    expect(await verified.json()).toEqual({ success: true, requestId: 7, message: 'OK' });

    const apply = async (body: string, scope = 'restrictions.write') =>
      fetch(`${server.baseUrl}/gw/api/v1/restrictions`, {
        method: 'POST',
        headers: { authorization: await bearer(scope), 'content-type': 'application/jwt' },
        body,
      });
    const tooLong = await apply(await signed({ ...request }, 600));
    expect(tooLong.status).toBe(401);
    expect((await apply(await signed(request), 'statements.read')).status).toBe(403);
    const applied = await apply(await signed(request));
    expect(applied.status).toBe(200);
    expect(await applied.json()).toEqual({ success: true, requestId: 7, message: 'OK' });

    calls.setPrice(AAPL, 190);
    calls.setPrice(MSFT, 400);
    const opening = await calls.place({
      conid: AAPL,
      orderType: 'MKT',
      side: 'BUY',
      tif: 'DAY',
      quantity: 1,
    });
    expect(opening.body).toEqual({
      error:
        'Order rejected: account U1234567 may only close positions here (pre-trade compliance restriction OnlyCloseAAPL)',
    });
    const elsewhere = await calls.place({
      conid: MSFT,
      orderType: 'MKT',
      side: 'BUY',
      tif: 'DAY',
      quantity: 1,
    });
    expect(Array.isArray(elsewhere.body)).toBe(true);
    const again = await apply(await signed(request));
    expect(await again.json()).toEqual({
      success: false,
      requestId: 7,
      message: 'Request 7 was already applied',
    });
  });
});

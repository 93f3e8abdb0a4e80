// Third Parties Tax Vouchers under /gw/api/v1/tax-vouchers: a dividend declared through the
// control API and paid to a position held over its ex-date is listed with the dividends a
// voucher can claim; a voucher requested with a signed JWT (text/plain, as the vendor sends it)
// moves from PENDING to COMPLETED on the clock and downloads as a PDF.
import { signedJwtBody } from '@brokerage/client';
import { oauth2Client } from '../../src/oauth2.js';
import { controls, describeInProcess } from '../../src/target.js';
import { bearer } from '../support/bearer.js';
import { useTarget } from '../support/target.js';

const dayMs = 86_400_000;
const isoDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

describeInProcess('third parties tax vouchers', () => {
  const suite = useTarget();
  const custAcctId = 'U1234567';
  let corpactionId = '';
  let year = '';

  /** Moves the clock on; the gateway's user logs in again (its idle session ended). */
  const advance = async (ms: number) => {
    controls(suite.target).clock.advance(ms);
    await fetch(`${suite.target.baseUrl}/control/gateway/login`, { method: 'POST' });
  };

  beforeAll(async () => {
    // A dividend of AAPL (U1234567 holds 100) with its ex-date tomorrow, paid the day after.
    const now = controls(suite.target).clock.now();
    const declared = await fetch(`${suite.target.baseUrl}/control/dividends`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        conid: 265598,
        amount: 0.42,
        exDate: isoDay(now + dayMs),
        payDate: isoDay(now + 2 * dayMs),
      }),
    });
    expect(declared.status).toBe(200);
    corpactionId = ((await declared.json()) as { id: string }).id;
    year = isoDay(now + 2 * dayMs).slice(0, 4);
    await advance(3 * dayMs);
  });

  const create = async (claims: Record<string, unknown>, scope = 'tax-vouchers.write') => {
    const client = oauth2Client();
    const signed = await signedJwtBody(claims, {
      clientId: client.clientId,
      privateKey: client.privateJwk as never,
      clock: controls(suite.target).clock,
    });
    return suite.client.POST('/gw/api/v1/tax-vouchers', {
      body: signed.body,
      bodySerializer: signed.bodySerializer,
      headers: { 'content-type': 'text/plain', ...(await bearer(suite, scope)) },
    });
  };
  const dividends = async (query: { custAcctId: string; year: string; countryCode: string }) =>
    suite.client.GET('/gw/api/v1/tax-vouchers/dividends', {
      params: { query },
      headers: await bearer(suite, 'tax-vouchers.read'),
    });

  it('fetchDividends_1 lists the dividend paid; a bad year 400, no token 401, another scope or account 403', async () => {
    const listed = await dividends({ custAcctId, year, countryCode: 'US' });
    expect(listed.response.status).toBe(200);
    expect(listed.data?.find((entry) => entry.corpactionId === corpactionId)).toMatchObject({
      symbol: 'AAPL',
      currency: 'USD',
      voucher: null,
    });
    expect((await dividends({ custAcctId, year: 'last', countryCode: 'US' })).response.status).toBe(
      400,
    );
    const path = '/gw/api/v1/tax-vouchers/dividends';
    const query = { custAcctId, year, countryCode: 'US' };
    expect((await suite.client.GET(path, { params: { query } })).response.status).toBe(401);
    const wrongScope = await suite.client.GET(path, {
      params: { query },
      headers: await bearer(suite, 'tax-vouchers.write'),
    });
    expect(wrongScope.response.status).toBe(403);
    expect(
      (await dividends({ custAcctId: 'U0000000', year, countryCode: 'US' })).response.status,
    ).toBe(403);
  });

  it('createTaxVoucherRequests, getCurrentState_1 and downloadFile follow a request to its PDF', async () => {
    const created = await create({ requests: [{ custAcctId, corpactionId }] });
    expect(created.response.status).toBe(200);
    const [request] = created.data ?? [];
    expect(request).toMatchObject({ divAmount: 42, quantity: 100, requestState: 'PENDING' });
    const requestId = request?.requestId ?? '';
    const state = async (id = requestId, scope = 'tax-vouchers.read') =>
      suite.client.GET('/gw/api/v1/tax-vouchers/{requestId}/state', {
        params: { path: { requestId: id } },
        headers: await bearer(suite, scope),
      });
    const download = async (id = requestId, scope = 'tax-vouchers.read') =>
      suite.client.GET('/gw/api/v1/tax-vouchers/{requestId}/download', {
        params: { path: { requestId: id } },
        headers: await bearer(suite, scope),
        parseAs: 'arrayBuffer',
      });
    expect((await download()).response.status).toBe(400);
    await advance(dayMs);
    const completed = await state();
    expect(completed.response.status).toBe(200);
    expect(completed.data?.requestState).toBe('COMPLETED');
    const pdf = await download();
    expect(pdf.response.status).toBe(200);
    expect(pdf.response.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(pdf.data as unknown as ArrayBuffer)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    expect((await state('tv-none')).response.status).toBe(404);
    expect((await download('tv-none')).response.status).toBe(404);
    expect((await state(requestId, 'tax-vouchers.write')).response.status).toBe(403);
    expect((await download(requestId, 'tax-vouchers.write')).response.status).toBe(403);
    const anonymous = { params: { path: { requestId } } };
    expect(
      (await suite.client.GET('/gw/api/v1/tax-vouchers/{requestId}/state', anonymous)).response
        .status,
    ).toBe(401);
    expect(
      (
        await suite.client.GET('/gw/api/v1/tax-vouchers/{requestId}/download', {
          ...anonymous,
          parseAs: 'arrayBuffer',
        })
      ).response.status,
    ).toBe(401);
  });

  it('createTaxVoucherRequests: a claim missing or a voucher asked twice 400, no token 401, another scope or account 403', async () => {
    expect((await create({})).response.status).toBe(400);
    expect((await create({ requests: [{ custAcctId, corpactionId }] })).response.status).toBe(400);
    expect(
      (await create({ requests: [{ custAcctId: 'U0000000', corpactionId }] })).response.status,
    ).toBe(403);
    expect((await create({ requests: [] }, 'tax-vouchers.read')).response.status).toBe(403);
    const anonymous = await suite.client.POST('/gw/api/v1/tax-vouchers', {
      body: 'a.b.c',
      bodySerializer: (text: string) => text,
      headers: { 'content-type': 'text/plain' },
    });
    expect(anonymous.response.status).toBe(401);
  });

  it('getActiveCountryList and getYears list what vouchers can be asked for; no token 401, another scope 403', async () => {
    for (const path of [
      '/gw/api/v1/tax-vouchers/active-countries',
      '/gw/api/v1/tax-vouchers/years',
    ] as const) {
      const listed = await suite.client.GET(path, {
        headers: await bearer(suite, 'tax-vouchers.read'),
      });
      expect(listed.response.status).toBe(200);
      expect(listed.data?.length).toBeGreaterThan(0);
      expect((await suite.client.GET(path)).response.status).toBe(401);
      const wrongScope = await suite.client.GET(path, {
        headers: await bearer(suite, 'tax-vouchers.write'),
      });
      expect(wrongScope.response.status).toBe(403);
    }
    const years = await suite.client.GET('/gw/api/v1/tax-vouchers/years', {
      headers: await bearer(suite, 'tax-vouchers.read'),
    });
    expect(years.data?.[0]).toBe(Number(year));
  });
});

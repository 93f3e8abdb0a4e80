import { startServer, type Harness } from '../harness.js';
import { bearerHeader, otherKey, signedBody } from '../oauth2-helper.js';

// One server for the file: every test reads, and the state each needs is the fixtures'.
(import.meta as unknown as { jest: { setTimeout(ms: number): void } }).jest.setTimeout(30_000);

describe('account-management utilities (/gw/api/v1)', () => {
  let server: Harness;
  beforeAll(async () => {
    server = await startServer({ mode: 'hosted' });
  });
  afterAll(() => server.close());

  const bearer = (scope: string) => bearerHeader(server, scope);

  const echoSigned = async (body: string, scope = 'echo.write') =>
    server.call('POST', '/gw/api/v1/echo/signed-jwt?a=1&a=2', {
      headers: { ...(await bearer(scope)), 'content-type': 'application/jwt' },
      body,
    });

  it('echo/https echoes the method, the policy and every query parameter', async () => {
    const answer = await server.call('GET', '/gw/api/v1/echo/https?greeting=hello&n=1&n=2', {
      headers: await bearer('echo.read'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      requestMethod: 'GET',
      securityPolicy: 'HTTPS',
      queryParameters: { greeting: 'hello', n: ['1', '2'] },
    });
  });

  it('refuses a missing token with 401 and a token without the scope with 403, as problem details', async () => {
    const anonymous = await server.call('GET', '/gw/api/v1/echo/https');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(anonymous.body).toMatchObject({ title: 'Unauthorized', status: 401 });
    const wrongScope = await server.call('GET', '/gw/api/v1/echo/https', {
      headers: await bearer('echo.write'),
    });
    expect(wrongScope.status).toBe(403);
    expect(wrongScope.body.detail).toBe('Insufficient scope: echo.read required');
  });

  it('echo/signed-jwt accepts a body signed with the client key and refuses any other', async () => {
    const signed = await echoSigned(await signedBody());
    expect(signed.status).toBe(200);
    expect(signed.body).toEqual({
      requestMethod: 'POST',
      securityPolicy: 'SIGNED_JWT',
      queryParameters: { a: ['1', '2'] },
    });
    const forged = await echoSigned(await signedBody({}, await otherKey()));
    expect(forged.status).toBe(401);
    expect(forged.body.detail).toBe('Invalid token signature');
    const expired = await echoSigned(
      await signedBody({ exp: Math.floor(server.clock.now() / 1000) - 60 }),
    );
    expect(expired.status).toBe(401);
    expect(expired.body.detail).toBe('Token expired');
    expect((await echoSigned(await signedBody(), 'echo.read')).status).toBe(403);
  });

  it('lists the brokers of complex asset transfers; another kind answers 400', async () => {
    const headers = await bearer('enumerations.read');
    const answer = await server.call(
      'GET',
      '/gw/api/v1/enumerations/complex-asset-transfer?instructionType=COMPLEX_ASSET_TRANSFER',
      { headers },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.instructionType).toBe('COMPLEX_ASSET_TRANSFER');
    expect(answer.body.brokers).toContain('NORTHWIND SECURITIES LTD');
    const other = await server.call(
      'GET',
      '/gw/api/v1/enumerations/complex-asset-transfer?instructionType=FOP',
      { headers },
    );
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ status: 400, detail: 'Unsupported instructionType: FOP' });
  });

  it('lists the eDDA participating banks; an unknown type answers 400', async () => {
    const headers = await bearer('enumerations.read');
    const answer = await server.call('GET', '/gw/api/v1/participating-banks?type=eDDA', {
      headers,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.participatingBanks[0]).toEqual({
      BIC: 'HRBRHKHHXXX',
      clearingCode: '401',
      institutionName: 'HARBOUR RIDGE BANK LIMITED',
    });
    const missing = await server.call('GET', '/gw/api/v1/participating-banks', { headers });
    expect(missing.status).toBe(400);
    const unknown = await server.call('GET', '/gw/api/v1/participating-banks?type=ACH', {
      headers,
    });
    expect(unknown.status).toBe(400);
  });

  it('checks usernames with either accepted scope: a held name is taken, whatever its case', async () => {
    const check = async (name: string, scope: string) =>
      server.call('GET', `/gw/api/v1/validations/usernames/${name}`, {
        headers: await bearer(scope),
      });
    const taken = await check('Demo_Advisor', 'validations.read');
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({
      hasError: false,
      isValid: true,
      isAvailable: false,
      suggestedUserName: ['Demo_Advisor1', 'Demo_Advisor2', 'Demo_Advisor3'],
    });
    const free = await check('newcomer42', 'accounts.read');
    expect(free.body).toEqual({ hasError: false, isValid: true, isAvailable: true });
    expect((await check('9lives', 'accounts.read')).body.isValid).toBe(false);
    expect((await check('newcomer42', 'echo.read')).status).toBe(403);
  });
  it('serves every reference list by path; an unknown kind answers 400 as problem details', async () => {
    const headers = await bearer('enumerations.read');
    const answer = await server.call(
      'GET',
      '/gw/api/v1/enumerations/fin-info-ranges?currency=EUR&language=en',
      { headers },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.enumerationsType).toBe('fin-info-ranges');
    expect(answer.body.jsonData[0].currency).toBe('EUR');
    const unknown = await server.call('GET', '/gw/api/v1/enumerations/horoscopes', { headers });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    // the fixed path of the brokers' list still wins over the template
    const brokers = await server.call(
      'GET',
      '/gw/api/v1/enumerations/complex-asset-transfer?instructionType=COMPLEX_ASSET_TRANSFER',
      { headers },
    );
    expect(brokers.body.brokers).toBeDefined();
  });

  it('lists forms (numbers separated by commas) and the forms an application requires', async () => {
    const listed = await server.call('GET', '/gw/api/v1/forms?formNo=3024,4304&projection=DOCS', {
      headers: await bearer('forms.read'),
    });
    expect(listed.status).toBe(200);
    expect(listed.body.formDetails.map((form: { formNumber: number }) => form.formNumber)).toEqual([
      3024, 4304,
    ]);
    expect(listed.body.formDetails[0].acceptableDocs).toEqual([]);
    const required = await server.call(
      'GET',
      '/gw/api/v1/forms/required-forms?residenceCountry=USA&tradingPermissions=STK,OPT&ira=false',
      { headers: await bearer('accounts.read') },
    );
    expect(required.status).toBe(200);
    expect(required.body).toEqual({ hasError: false, forms: ['3024', '5002', '3070', '4304'] });
    const forbidden = await server.call('GET', '/gw/api/v1/forms/required-forms', {
      headers: await bearer('forms.read'),
    });
    expect(forbidden.status).toBe(403);
  });

  it('lists requests by period; reads a status by GET (2.28) and sets one by a signed PATCH (2.29)', async () => {
    const headers = await bearer('accounts.read');
    const listed = await server.call(
      'GET',
      '/gw/api/v1/requests?startDate=2025-02-01&endDate=2025-02-28&limit=1',
      { headers },
    );
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ offset: 0, limit: 1, total: 2 });
    const undated = await server.call('GET', '/gw/api/v1/requests?startDate=2025-02-01', {
      headers,
    });
    expect(undated.status).toBe(400);
    const status = await server.call('GET', '/gw/api/v1/requests/7003/status?type=update', {
      headers,
    });
    expect(status.body).toMatchObject({ requestId: '7003', status: 'N' });
    const answer = await server.call('GET', '/gw/api/v1/requests/7003/status?type=response', {
      headers,
    });
    expect(answer.body).toMatchObject({ requestId: 7003, fileData: { name: 'request-7003.json' } });
    const patch = async (requestId: number, body: string) =>
      server.call('PATCH', `/gw/api/v1/requests/${requestId}/status`, {
        headers: { ...headers, 'content-type': 'application/jwt' },
        body,
      });
    const updated = await patch(7003, await signedBody({ status: 'A' }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ requestId: '7003', status: 'A' });
    expect((await patch(7003, await signedBody({ status: 'A' }, await otherKey()))).status).toBe(
      401,
    );
    const unknown = await patch(9999, await signedBody({ status: 'A' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe('Unknown requestId: 9999');
  });
});

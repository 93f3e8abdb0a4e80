// Account-management utilities under /gw/api/v1: bearer tokens with the operation's scope,
// problem details, a signed-JWT body.
import { signedJwtBody } from '@brokerage/client';
import { oauth2Client } from '../../src/oauth2.js';
import { controls, describeInProcess } from '../../src/target.js';
import { bearer as bearerOf } from '../support/bearer.js';
import { useTarget } from '../support/target.js';

describeInProcess('account-management utilities', () => {
  const suite = useTarget();
  const bearer = (scope: string) => bearerOf(suite, scope);

  it('echoHttps echoes the query; no token answers 401, another scope 403', async () => {
    const echoed = await suite.client.GET('/gw/api/v1/echo/https', {
      headers: await bearer('echo.read'),
    });
    expect(echoed.response.status).toBe(200);
    expect(echoed.data?.securityPolicy).toBe('HTTPS');
    expect((await suite.client.GET('/gw/api/v1/echo/https')).response.status).toBe(401);
    const wrongScope = await suite.client.GET('/gw/api/v1/echo/https', {
      headers: await bearer('echo.write'),
    });
    expect(wrongScope.response.status).toBe(403);
  });

  it('echoSignedJwt takes a body signed with the client key; a forged one answers 401', async () => {
    const client = oauth2Client();
    const signed = await signedJwtBody(
      { purpose: 'contract' },
      {
        clientId: client.clientId,
        privateKey: client.privateJwk as never,
        clock: controls(suite.target).clock,
      },
    );
    const headers = await bearer('echo.write');
    const echoed = await suite.client.POST('/gw/api/v1/echo/signed-jwt', {
      ...signed,
      headers: { ...signed.headers, ...headers },
    });
    expect(echoed.response.status).toBe(200);
    expect(echoed.data?.securityPolicy).toBe('SIGNED_JWT');
    const [header = '', payload = ''] = signed.body.split('.');
    const forged = await suite.client.POST('/gw/api/v1/echo/signed-jwt', {
      ...signed,
      body: `${header}.${payload}.AAAA`,
      headers: { ...signed.headers, ...headers },
    });
    expect(forged.response.status).toBe(401);
    const wrongScope = await suite.client.POST('/gw/api/v1/echo/signed-jwt', {
      ...signed,
      headers: { ...signed.headers, ...(await bearer('echo.read')) },
    });
    expect(wrongScope.response.status).toBe(403);
  });

  it('getComplexAssetTransferBrokers lists brokers; another kind 400, no token 401, another scope 403', async () => {
    const path = '/gw/api/v1/enumerations/complex-asset-transfer';
    const headers = await bearer('enumerations.read');
    const listed = await suite.client.GET(path, {
      params: { query: { instructionType: 'COMPLEX_ASSET_TRANSFER' } },
      headers,
    });
    expect(listed.response.status).toBe(200);
    expect(listed.data?.brokers.length).toBeGreaterThan(0);
    const other = await suite.client.GET(path, {
      params: { query: { instructionType: 'DWAC' } },
      headers,
    });
    expect(other.response.status).toBe(400);
    const query = { params: { query: { instructionType: 'COMPLEX_ASSET_TRANSFER' } } };
    expect((await suite.client.GET(path, query)).response.status).toBe(401);
    const wrongScope = await suite.client.GET(path, {
      ...query,
      headers: await bearer('accounts.read'),
    });
    expect(wrongScope.response.status).toBe(403);
  });

  it('getParticipatingBanks lists eDDA banks; another type 400, no token 401, another scope 403', async () => {
    const path = '/gw/api/v1/participating-banks';
    const headers = await bearer('enumerations.read');
    const listed = await suite.client.GET(path, { params: { query: { type: 'eDDA' } }, headers });
    expect(listed.response.status).toBe(200);
    expect(listed.data?.participatingBanks.length).toBeGreaterThan(0);
    const other = await suite.client.GET(path, { params: { query: { type: 'SEPA' } }, headers });
    expect(other.response.status).toBe(400);
    const query = { params: { query: { type: 'eDDA' } } };
    expect((await suite.client.GET(path, query)).response.status).toBe(401);
    const wrongScope = await suite.client.GET(path, {
      ...query,
      headers: await bearer('echo.read'),
    });
    expect(wrongScope.response.status).toBe(403);
  });

  it('checkUsernameAvailability tells held names from free ones; no token 401, another scope 403', async () => {
    const path = '/gw/api/v1/validations/usernames/{username}';
    const held = await suite.client.GET(path, {
      params: { path: { username: 'demo_broker' } },
      headers: await bearer('validations.read'),
    });
    expect(held.response.status).toBe(200);
    expect(held.data).toMatchObject({ isValid: true, isAvailable: false });
    const free = await suite.client.GET(path, {
      params: { path: { username: 'fresh_applicant' } },
      headers: await bearer('accounts.read'),
    });
    expect(free.data?.isAvailable).toBe(true);
    const params = { params: { path: { username: 'fresh_applicant' } } };
    expect((await suite.client.GET(path, params)).response.status).toBe(401);
    const wrongScope = await suite.client.GET(path, {
      ...params,
      headers: await bearer('enumerations.read'),
    });
    expect(wrongScope.response.status).toBe(403);
  });
  it('getEnumerations answers each kind by path; an unknown kind 400, another scope 403', async () => {
    const path = '/gw/api/v1/enumerations/{enumerationType}';
    const headers = await bearer('accounts.read');
    const listed = await suite.client.GET(path, {
      params: { path: { enumerationType: 'security-questions' } },
      headers,
    });
    expect(listed.response.status).toBe(200);
    expect(listed.data?.jsonData?.length).toBeGreaterThan(0);
    const unknown = await suite.client.GET(path, {
      params: { path: { enumerationType: 'horoscopes' as 'acats' } },
      headers,
    });
    expect(unknown.response.status).toBe(400);
    const wrongScope = await suite.client.GET(path, {
      params: { path: { enumerationType: 'acats' } },
      headers: await bearer('echo.read'),
    });
    expect(wrongScope.response.status).toBe(403);
  });

  it('getForms lists forms with their files; a malformed date 400, no token 401', async () => {
    const listed = await suite.client.GET('/gw/api/v1/forms', {
      params: { query: { formNo: [3024], projection: 'PAYLOAD' } },
      headers: await bearer('forms.read'),
    });
    expect(listed.response.status).toBe(200);
    expect(listed.data?.formDetails?.[0]?.payload?.mimeType).toBe('text/plain');
    const malformed = await suite.client.GET('/gw/api/v1/forms', {
      params: { query: { fromDate: 'yesterday' } },
      headers: await bearer('accounts.read'),
    });
    expect(malformed.response.status).toBe(400);
    expect((await suite.client.GET('/gw/api/v1/forms')).response.status).toBe(401);
  });

  it('getRequiredForms answers the form numbers for an application; another scope 403', async () => {
    const path = '/gw/api/v1/forms/required-forms';
    const required = await suite.client.GET(path, {
      params: { query: { residenceCountry: 'DEU', tradingPermissions: ['STK', 'FUT'] } },
      headers: await bearer('accounts.read'),
    });
    expect(required.response.status).toBe(200);
    expect(required.data?.forms).toContain('4305');
    const wrongScope = await suite.client.GET(path, { headers: await bearer('forms.read') });
    expect(wrongScope.response.status).toBe(403);
  });

  it('getAmRequests pages the requests of a period; a missing date 400', async () => {
    const headers = await bearer('accounts.read');
    const listed = await suite.client.GET('/gw/api/v1/requests', {
      params: { query: { startDate: '2025-01-01', endDate: '2025-12-31', limit: 2 } },
      headers,
    });
    expect(listed.response.status).toBe(200);
    expect(listed.data?.requestDetails?.length).toBe(2);
    const undated = await suite.client.GET('/gw/api/v1/requests', {
      params: { query: { startDate: '2025-01-01' } as never },
      headers,
    });
    expect(undated.response.status).toBe(400);
  });

  it('getAmRequestStatus and updateAmRequestStatus read and set a status; an unknown request 400', async () => {
    const path = '/gw/api/v1/requests/{requestId}/status';
    const headers = await bearer('accounts.read');
    const read = await suite.client.GET(path, {
      params: { path: { requestId: 7001 }, query: { type: 'update' } },
      headers,
    });
    expect(read.response.status).toBe(200);
    expect(read.data).toMatchObject({ requestId: '7001' });
    const answer = await suite.client.GET(path, {
      params: { path: { requestId: 7001 }, query: { type: 'response' } },
      headers,
    });
    expect(answer.data).toMatchObject({ requestId: 7001 });
    const client = oauth2Client();
    const sign = async (status: string) =>
      signedJwtBody(
        { status },
        {
          clientId: client.clientId,
          privateKey: client.privateJwk as never,
          clock: controls(suite.target).clock,
        },
      );
    const patch = async (requestId: number, status: string) => {
      const signed = await sign(status);
      return suite.client.PATCH(path, {
        ...signed,
        params: { path: { requestId } },
        headers: { ...signed.headers, ...headers },
      });
    };
    // put the status back afterwards: the target's state is shared by the file's tests
    const current = (read.data && 'status' in read.data && read.data.status) || 'C';
    const updated = await patch(7001, 'W');
    expect(updated.response.status).toBe(200);
    expect(updated.data?.status).toBe('W');
    await patch(7001, current);
    expect((await patch(424242, 'C')).response.status).toBe(400);
  });
});

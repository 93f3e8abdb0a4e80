// The pipeline of the account applications (/gw/api/v1/accounts): scopes refused and bad
// signed bodies as problem details (401/403), validation and business rules (400), and one
// application opened through the control API and seen by the trading side.
import { startServer, type Harness } from '../harness.js';
import { bearerHeader, otherKey, signedBody as signed } from '../oauth2-helper.js';

(import.meta as unknown as { jest: { setTimeout(ms: number): void } }).jest.setTimeout(30_000);

const application = (externalId: string, userName: string) => ({
  application: {
    customer: {
      type: 'INDIVIDUAL',
      externalId,
      userName,
      legalResidenceCountry: 'CAN',
      accountHolder: { accountHolderDetails: [{ name: { first: 'Kim', last: 'Park' } }] },
    },
    accounts: [{ baseCurrency: 'CAD' }],
  },
});

describe('account applications over HTTP (/gw/api/v1/accounts)', () => {
  let server: Harness;
  beforeAll(async () => {
    server = await startServer({ mode: 'hosted' });
  });
  afterAll(() => server.close());

  const bearer = (scope: string) => bearerHeader(server, scope);

  const send = async (method: string, path: string, body: string, scope = 'accounts.write') =>
    server.call(method, path, {
      headers: { ...(await bearer(scope)), 'content-type': 'application/jwt' },
      body,
    });

  it('refuses a missing token (401) and a token without the scope (403) as problem details', async () => {
    const anonymous = await server.call('GET', '/gw/api/v1/accounts/U9000001/status');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const reader = await send('POST', '/gw/api/v1/accounts', await signed({}), 'accounts.read');
    expect(reader.status).toBe(403);
    expect(reader.body).toMatchObject({
      status: 403,
      detail: 'Insufficient scope: accounts.write required',
    });
    const writer = await server.call('GET', '/gw/api/v1/accounts/U9000001/kyc', {
      headers: await bearer('accounts.write'),
    });
    expect(writer.status).toBe(403);
  });

  it('refuses a body not signed with the client key (401) and a body that is no JWT (400)', async () => {
    const claims = application('crm-h1', 'kim_park');
    const forged = await send(
      'POST',
      '/gw/api/v1/accounts',
      await signed(claims, await otherKey()),
    );
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ status: 401, detail: 'Invalid token signature' });
    const plain = await send('POST', '/gw/api/v1/accounts', 'not a token');
    expect(plain.status).toBe(400);
    expect(plain.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('validates queries and path parameters (400 problem details)', async () => {
    const headers = await bearer('accounts.read');
    const undated = await server.call('GET', '/gw/api/v1/accounts/status?startDate=2026-01-01', {
      headers,
    });
    expect(undated.status).toBe(400);
    expect(undated.body.status).toBe(400);
    const badType = await server.call('GET', '/gw/api/v1/accounts/U9000001/tasks?type=all', {
      headers,
    });
    expect(badType.status).toBe(400);
    const badId = await server.call('GET', '/gw/api/v1/accounts/U9-01/details', { headers });
    expect(badId.status).toBe(400);
    const neither = await server.call('GET', '/gw/api/v1/accounts', { headers });
    expect(neither.status).toBe(400);
    expect(neither.body.detail).toBe('accountId or externalId is required');
  });

  it('answers malformed claims and unknown accounts with 400 and leaves the state as it was', async () => {
    const malformed = await send('POST', '/gw/api/v1/accounts', await signed({ application: 1 }));
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toBe('application must be an object');
    const unknown = await server.call('GET', '/gw/api/v1/accounts/U1234567/status', {
      headers: await bearer('accounts.read'),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toMatch(/^Unknown accountId: U1234567/);
    const statuses = await server.call(
      'GET',
      '/gw/api/v1/accounts/status?startDate=2000-01-01&endDate=2100-01-01',
      { headers: await bearer('accounts.read') },
    );
    expect(statuses.body.total).toBe(0);
  });

  it('opens an application through the control API; its holder trades it from /portfolio/accounts', async () => {
    const created = await send(
      'POST',
      '/gw/api/v1/accounts',
      await signed(application('crm-h2', 'kim_park')),
    );
    expect(created.status).toBe(200);
    const { accountId } = created.body.fileData.data as { accountId: string };
    const tasks = await server.call('GET', `/gw/api/v1/accounts/${accountId}/tasks?type=pending`, {
      headers: await bearer('accounts.read'),
    });
    expect(tasks.body.pendingTasks.map((task: { formNumber: number }) => task.formNumber)).toEqual([
      3024, 5002, 3071,
    ]);
    const completed = await server.call('POST', `/control/account-applications/${accountId}/tasks`);
    expect(completed.status).toBe(200);
    expect(completed.body).toEqual({
      accountId,
      status: 'O',
      username: 'kim_park',
      pendingTasks: 0,
    });
    expect((await server.call('POST', '/control/account-applications/U0000000/tasks')).status).toBe(
      404,
    );
    const refused = await server.call('PUT', `/control/account-applications/${accountId}/status`, {
      body: { status: 'A' },
    });
    expect(refused.status).toBe(400);
    const session = await server.call('POST', '/control/sessions', {
      body: { username: 'kim_park' },
    });
    const cookie = session.body.cookie as string;
    const accounts = await server.call('GET', '/v1/api/portfolio/accounts', {
      headers: { cookie },
    });
    expect(accounts.status).toBe(200);
    expect(accounts.body).toEqual([
      expect.objectContaining({ id: accountId, currency: 'CAD', type: 'INDIVIDUAL' }),
    ]);
    const ledger = await server.call('GET', `/v1/api/portfolio/${accountId}/ledger`, {
      headers: { cookie },
    });
    expect(ledger.status).toBe(200);
    expect(ledger.body.BASE).toMatchObject({ cashbalance: 0 });
  });
});

// Account applications under /gw/api/v1/accounts: signed-JWT bodies, bearer tokens with the
// operation's scope, problem details; an application completed through the control API opens a
// trading account that the holder's session lists and trades.
import { signedJwtBody } from '@brokerage/client';
import { oauth2Client } from '../../src/oauth2.js';
import { controls, describeInProcess } from '../../src/target.js';
import { bearer as bearerOf } from '../support/bearer.js';
import { useTarget } from '../support/target.js';

/** The claims of an individual's application (the vendor's shape, invented values). */
const application = (externalId: string, userName: string) => ({
  application: {
    customer: {
      type: 'INDIVIDUAL',
      externalId,
      userName,
      legalResidenceCountry: 'USA',
      accountHolder: { accountHolderDetails: [{ name: { first: 'Dana', last: 'Reyes' } }] },
    },
    accounts: [{ baseCurrency: 'USD', capabilities: ['OPT'] }],
  },
});

const document = (formNumber: number, externalAccountId?: string) => ({
  formNumber,
  attachedFile: { fileName: `Form${formNumber}.pdf`, fileLength: 2048, sha1Checksum: 'c0ffee' },
  execTimestamp: 1767600000,
  execLoginTimestamp: 1767600000,
  ...(externalAccountId === undefined ? {} : { externalAccountId }),
});

describeInProcess('account-management accounts', () => {
  const suite = useTarget();
  const today = () => new Date(controls(suite.target).clock.now()).toISOString().slice(0, 10);

  const bearer = (scope: string) => bearerOf(suite, scope);

  /** The request options of a signed body, with a token of `scope`. */
  async function signed(claims: Record<string, unknown>, scope = 'accounts.write') {
    const client = oauth2Client();
    const body = await signedJwtBody(claims, {
      clientId: client.clientId,
      privateKey: client.privateJwk as never,
      clock: controls(suite.target).clock,
    });
    return { ...body, headers: { ...body.headers, ...(await bearer(scope)) } };
  }

  /** Submits an application and answers its account id. */
  async function submitted(externalId: string, userName: string): Promise<string> {
    const created = await suite.client.POST(
      '/gw/api/v1/accounts',
      await signed(application(externalId, userName)),
    );
    expect(created.response.status).toBe(200);
    return String((created.data?.fileData?.data as { accountId: string }).accountId);
  }

  const accountPath = <P extends string>(path: P, accountId: string) => ({
    path,
    params: { path: { accountId } },
  });

  it('end to end: submitted with a signed JWT, completed through the control API, listed and traded', async () => {
    const accountId = await submitted('e2e-1', 'dana_reyes');
    const completed = await fetch(
      `${suite.target.baseUrl}/control/account-applications/${accountId}/tasks`,
      { method: 'POST' },
    );
    expect(completed.status).toBe(200);
    expect(await completed.json()).toMatchObject({
      accountId,
      status: 'O',
      username: 'dana_reyes',
    });
    const session = await fetch(`${suite.target.baseUrl}/control/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'dana_reyes' }),
    });
    const { cookie } = (await session.json()) as { cookie: string };
    const headers = { cookie };
    const listed = await suite.client.GET('/v1/api/portfolio/accounts', { headers });
    expect(listed.data?.map((account) => account.id)).toEqual([accountId]);
    const ledger = await suite.client.GET('/v1/api/portfolio/{accountId}/ledger', {
      params: { path: { accountId } },
      headers,
    });
    expect(ledger.data?.BASE?.cashbalance).toBe(0);
    await suite.client.GET('/v1/api/iserver/accounts', { headers });
    let answer: unknown = (
      await suite.client.POST('/v1/api/iserver/account/{accountId}/orders', {
        params: { path: { accountId } },
        body: {
          orders: [
            { conid: 265598, orderType: 'LMT', price: 210, side: 'SELL', tif: 'DAY', quantity: 1 },
          ],
        },
        headers,
      })
    ).data;
    for (let round = 0; round < 6; round++) {
      const entry = (Array.isArray(answer) ? answer[0] : answer) as Record<string, unknown>;
      if (!('messageIds' in entry)) break;
      answer = (
        await suite.client.POST('/v1/api/iserver/reply/{replyId}', {
          params: { path: { replyId: String(entry.id) } },
          body: { confirmed: true },
          headers,
        })
      ).data;
    }
    expect((Array.isArray(answer) ? answer[0] : answer) as object).toHaveProperty('order_id');
  });

  it('createAccountApplication answers the new account; a forged body 401, a reader token 403, bad claims 400', async () => {
    const claims = application('create-1', 'lee_morrow');
    const created = await suite.client.POST('/gw/api/v1/accounts', await signed(claims));
    expect(created.response.status).toBe(200);
    expect(created.data?.fileData?.data).toMatchObject({ status: 'N', username: 'lee_morrow' });
    const good = await signed(application('create-2', 'ola_brandt'));
    const [header = '', payload = ''] = good.body.split('.');
    const forged = await suite.client.POST('/gw/api/v1/accounts', {
      ...good,
      body: `${header}.${payload}.AAAA`,
    });
    expect(forged.response.status).toBe(401);
    const reader = await suite.client.POST(
      '/gw/api/v1/accounts',
      await signed(claims, 'accounts.read'),
    );
    expect(reader.response.status).toBe(403);
    const again = await suite.client.POST('/gw/api/v1/accounts', await signed(claims));
    expect(again.response.status).toBe(400);
  });

  it('getProcessedApplication finds an application by account or external id; neither 400, no token 401', async () => {
    const accountId = await submitted('processed-1', 'ria_stone');
    const headers = await bearer('accounts.read');
    const byId = await suite.client.GET('/gw/api/v1/accounts', {
      params: { query: { accountId } },
      headers,
    });
    expect(byId.response.status).toBe(200);
    expect(byId.data).toMatchObject({ name: `application-${accountId}.json`, isProcessed: true });
    const byExternal = await suite.client.GET('/gw/api/v1/accounts', {
      params: { query: { externalId: 'processed-1' } },
      headers,
    });
    expect(byExternal.data).toEqual(byId.data);
    expect((await suite.client.GET('/gw/api/v1/accounts', { headers })).response.status).toBe(400);
    expect((await suite.client.GET('/gw/api/v1/accounts')).response.status).toBe(401);
    const writer = await suite.client.GET('/gw/api/v1/accounts', {
      params: { query: { accountId } },
      headers: await bearer('accounts.write'),
    });
    expect(writer.response.status).toBe(403);
  });

  it('updateAmAccount submits documents and an alias; an unserved request 400, a forged body 401', async () => {
    const accountId = await submitted('update-1', 'ivo_marsh');
    const updated = await suite.client.PATCH(
      '/gw/api/v1/accounts',
      await signed({
        accountManagementRequests: {
          documentSubmission: { accountId, documents: [document(3024)] },
          updateAccountAlias: { accountId, accountAlias: 'Ivo savings' },
        },
      }),
    );
    expect(updated.response.status).toBe(200);
    expect(updated.data?.fileData?.data).toMatchObject({ accountId, status: 'P' });
    const unserved = await suite.client.PATCH(
      '/gw/api/v1/accounts',
      await signed({ accountManagementRequests: { accountClose: { accountId } } }),
    );
    expect(unserved.response.status).toBe(400);
    const reader = await suite.client.PATCH(
      '/gw/api/v1/accounts',
      await signed({ accountManagementRequests: {} }, 'accounts.read'),
    );
    expect(reader.response.status).toBe(403);
    const wrong = await signed({ accountManagementRequests: {} });
    const unsigned = await suite.client.PATCH('/gw/api/v1/accounts', {
      ...wrong,
      body: `${wrong.body.split('.').slice(0, 2).join('.')}.AAAA`,
    });
    expect(unsigned.response.status).toBe(401);
  });

  it('getAmAccountStatuses pages the client statuses by day; a missing date 400, another scope 403', async () => {
    await submitted('statuses-1', 'tom_vance');
    const headers = await bearer('accounts.read');
    const listed = await suite.client.GET('/gw/api/v1/accounts/status', {
      params: { query: { startDate: today(), endDate: today(), limit: 1 } },
      headers,
    });
    expect(listed.response.status).toBe(200);
    expect(listed.data?.accounts?.length).toBe(1);
    expect(listed.data?.total).toBeGreaterThan(1);
    const undated = await suite.client.GET('/gw/api/v1/accounts/status', {
      params: { query: { startDate: today() } as never },
      headers,
    });
    expect(undated.response.status).toBe(400);
    const writer = await suite.client.GET('/gw/api/v1/accounts/status', {
      params: { query: { startDate: today(), endDate: today() } },
      headers: await bearer('accounts.write'),
    });
    expect(writer.response.status).toBe(403);
    expect(
      (
        await suite.client.GET('/gw/api/v1/accounts/status', {
          params: { query: { startDate: today(), endDate: today() } },
        })
      ).response.status,
    ).toBe(401);
  });

  it('getLoginMessages lists the incomplete messages of the day; an end before the start 400', async () => {
    await submitted('messages-1', 'eve_lund');
    const headers = await bearer('accounts.read');
    const listed = await suite.client.GET('/gw/api/v1/accounts/login-messages', {
      params: { query: { startDate: today(), endDate: today(), type: 'REGISTRATION_TASKS' } },
      headers,
    });
    expect(listed.response.status).toBe(200);
    expect(listed.data?.loginMessages?.map((message) => message.username)).toContain('eve_lund');
    const backwards = await suite.client.GET('/gw/api/v1/accounts/login-messages', {
      params: { query: { startDate: today(), endDate: '2000-01-01' } },
      headers,
    });
    expect(backwards.response.status).toBe(400);
    const writer = await suite.client.GET('/gw/api/v1/accounts/login-messages', {
      params: { query: { startDate: today(), endDate: today() } },
      headers: await bearer('accounts.write'),
    });
    expect(writer.response.status).toBe(403);
  });

  it('getAmAccountStatus, getAmAccountDetails, getKycLink, getAmAccountLoginMessages read one application; another account 400', async () => {
    const accountId = await submitted('reads-1', 'max_ferro');
    const headers = await bearer('accounts.read');
    const reads = [
      '/gw/api/v1/accounts/{accountId}/status',
      '/gw/api/v1/accounts/{accountId}/details',
      '/gw/api/v1/accounts/{accountId}/kyc',
      '/gw/api/v1/accounts/{accountId}/login-messages',
    ] as const;
    for (const path of reads) {
      const { params } = accountPath(path, accountId);
      const read = await suite.client.GET(path, { params, headers });
      expect(read.response.status).toBe(200);
      const other = await suite.client.GET(path, {
        params: { path: { accountId: 'U1234567' } },
        headers,
      });
      expect(other.response.status).toBe(400);
      const writer = await suite.client.GET(path, {
        params,
        headers: await bearer('accounts.write'),
      });
      expect(writer.response.status).toBe(403);
      expect((await suite.client.GET(path, { params })).response.status).toBe(401);
    }
    const status = await suite.client.GET('/gw/api/v1/accounts/{accountId}/status', {
      params: { path: { accountId } },
      headers,
    });
    expect(status.data).toMatchObject({ accountId, status: 'N', state: 'PENDING_TASKS' });
    const kyc = await suite.client.GET('/gw/api/v1/accounts/{accountId}/kyc', {
      params: { path: { accountId } },
      headers,
    });
    expect(kyc.data?.state).toBe('PENDING');
  });

  it('updateAmAccountStatus abandons and restarts an application; opening with tasks pending 400', async () => {
    const accountId = await submitted('status-1', 'gus_perrin');
    const path = '/gw/api/v1/accounts/{accountId}/status';
    const params = { path: { accountId } };
    const abandoned = await suite.client.PATCH(path, {
      ...(await signed({ status: 'A' })),
      params,
    });
    expect(abandoned.response.status).toBe(200);
    expect(abandoned.data).toMatchObject({ status: 'A', state: 'ABANDONED' });
    const restarted = await suite.client.PATCH(path, {
      ...(await signed({ status: 'N' })),
      params,
    });
    expect(restarted.data?.status).toBe('N');
    const opened = await suite.client.PATCH(path, { ...(await signed({ status: 'O' })), params });
    expect(opened.response.status).toBe(400);
    const reader = await suite.client.PATCH(path, {
      ...(await signed({ status: 'A' }, 'accounts.read')),
      params,
    });
    expect(reader.response.status).toBe(403);
    const token = await signed({ status: 'A' });
    const forged = await suite.client.PATCH(path, {
      ...token,
      body: `${token.body.split('.').slice(0, 2).join('.')}.AAAA`,
      params,
    });
    expect(forged.response.status).toBe(401);
  });

  it('getRegistrationTasks, assignRegistrationTasks and updateRegistrationTasks: done tasks open the account', async () => {
    const accountId = await submitted('tasks-1', 'ada_quinn');
    const path = '/gw/api/v1/accounts/{accountId}/tasks';
    const params = { path: { accountId } };
    const assigned = await suite.client.POST(path, {
      ...(await signed({ tasks: [{ formNumber: 4305 }] })),
      params,
    });
    expect(assigned.response.status).toBe(200);
    expect(assigned.data).toEqual([
      expect.objectContaining({ formNumber: 4305, status: 'ASSIGNED' }),
    ]);
    const all = await suite.client.GET(path, { params, headers: await bearer('accounts.read') });
    expect(all.response.status).toBe(200);
    const forms = all.data?.registrationTasks?.map((task) => task.formNumber ?? 0) ?? [];
    expect(forms).toEqual([3024, 5002, 3070, 4304, 4305]);
    const done = await suite.client.PATCH(path, {
      ...(await signed({ tasks: forms.map((formNumber) => ({ formNumber, status: true })) })),
      params,
    });
    expect(done.response.status).toBe(200);
    expect(done.data?.every((action) => action.status === 'COMPLETED')).toBe(true);
    const status = await suite.client.GET('/gw/api/v1/accounts/{accountId}/status', {
      params,
      headers: await bearer('accounts.read'),
    });
    expect(status.data?.status).toBe('O');
    const settled = await suite.client.PATCH(path, {
      ...(await signed({ tasks: [{ formNumber: 3024, status: false }] })),
      params,
    });
    expect(settled.response.status).toBe(400);
    const unknownForm = await suite.client.POST(path, {
      ...(await signed({ tasks: [{ formNumber: 1 }] })),
      params,
    });
    expect(unknownForm.response.status).toBe(400);
    const claims = { tasks: [{ formNumber: 3024, status: true }] };
    const token = await signed(claims);
    const forged = {
      ...token,
      body: `${token.body.split('.').slice(0, 2).join('.')}.AAAA`,
      params,
    };
    const reader = { ...(await signed(claims, 'accounts.read')), params };
    expect((await suite.client.POST(path, reader)).response.status).toBe(403);
    expect((await suite.client.PATCH(path, reader)).response.status).toBe(403);
    expect((await suite.client.POST(path, forged)).response.status).toBe(401);
    expect((await suite.client.PATCH(path, forged)).response.status).toBe(401);
    const writer = await suite.client.GET(path, {
      params,
      headers: await bearer('accounts.write'),
    });
    expect(writer.response.status).toBe(403);
    expect((await suite.client.GET(path, { params })).response.status).toBe(401);
    const other = await suite.client.GET(path, {
      params: { path: { accountId: 'U1234567' } },
      headers: await bearer('accounts.read'),
    });
    expect(other.response.status).toBe(400);
  });
  // last: the day's documents complete the tasks of every later application of the day
  it("submitAgreementDocuments keeps the day's forms for later applications; no documents 400", async () => {
    const kept = await suite.client.POST(
      '/gw/api/v1/accounts/documents',
      await signed({ processDocuments: { documents: [document(3024), document(5002)] } }),
    );
    expect(kept.response.status).toBe(200);
    expect(kept.data?.fileData?.data).toMatchObject({ day: today(), formNumbers: [3024, 5002] });
    const accountId = await submitted('documents-1', 'nia_holt');
    const pending = await suite.client.GET('/gw/api/v1/accounts/{accountId}/tasks', {
      params: { path: { accountId }, query: { type: 'pending' } },
      headers: await bearer('accounts.read'),
    });
    expect(pending.data?.pendingTasks?.map((task) => task.formNumber)).toEqual([3070, 4304]);
    const empty = await suite.client.POST(
      '/gw/api/v1/accounts/documents',
      await signed({ processDocuments: { documents: [] } }),
    );
    expect(empty.response.status).toBe(400);
    const reader = await suite.client.POST(
      '/gw/api/v1/accounts/documents',
      await signed({ processDocuments: { documents: [document(3024)] } }, 'accounts.read'),
    );
    expect(reader.response.status).toBe(403);
    const token = await signed({ processDocuments: { documents: [document(3024)] } });
    const forged = await suite.client.POST('/gw/api/v1/accounts/documents', {
      ...token,
      body: `${token.body.split('.').slice(0, 2).join('.')}.AAAA`,
    });
    expect(forged.response.status).toBe(401);
  });
});

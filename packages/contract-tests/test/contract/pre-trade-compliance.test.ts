// Pre-trade compliance under /gw/api/v1: a restrictions CSV verified, then applied with a signed
// JWT body; the order placement then obeys it.
import { signedJwtBody } from '@brokerage/client';
import { oauth2Client } from '../../src/oauth2.js';
import { controls, describeInProcess } from '../../src/target.js';
import { bearer } from '../support/bearer.js';
import { useTarget } from '../support/target.js';

const base64 = (text: string) => Buffer.from(text).toString('base64');

describeInProcess('pre-trade compliance', () => {
  const suite = useTarget();
  const userName = 'demo_individual';
  const csv = [
    'RESTR_ADD, ContractCloseOnly, RULE_BEGIN, rule_type=CLOSINGONLY, conid=265598, RULE_END',
    'RESTR_ASSOC_ADD, ContractCloseOnly, U1234567',
  ].join('\n');

  const verify = async (
    body: { requestId: number; payload: string; userName?: string },
    scope = 'restrictions.write',
  ) =>
    suite.client.POST('/gw/api/v1/restrictions/verify', {
      body: { userName, ...body },
      headers: await bearer(suite, scope),
    });

  const apply = async (claims: Record<string, unknown>, scope = 'restrictions.write') => {
    const client = oauth2Client();
    const signed = await signedJwtBody(claims, {
      clientId: client.clientId,
      privateKey: client.privateJwk as never,
      clock: controls(suite.target).clock,
    });
    return suite.client.POST('/gw/api/v1/restrictions', {
      ...signed,
      headers: { ...signed.headers, ...(await bearer(suite, scope)) },
    });
  };

  it('verifyRestrictions passes a sound CSV and names the problem of another; bad payload 400, no token 401, another scope or user 403', async () => {
    const passed = await verify({ requestId: 101, payload: base64(csv) });
    expect(passed.response.status).toBe(200);
    expect(passed.data).toEqual({ success: true, requestId: 101, message: 'OK' });
    const failed = await verify({
      requestId: 102,
      payload: base64('RESTR_ADD, X, RULE_BEGIN, rule_type=CLOSINGONLY'),
    });
    expect(failed.data).toEqual({
      success: false,
      requestId: 102,
      message: 'Line 1: missing RULE_END',
    });
    expect((await verify({ requestId: 103, payload: '***' })).response.status).toBe(400);
    const anonymous = await suite.client.POST('/gw/api/v1/restrictions/verify', {
      body: { userName, requestId: 104, payload: base64(csv) },
    });
    expect(anonymous.response.status).toBe(401);
    expect(
      (await verify({ requestId: 105, payload: base64(csv) }, 'reports.write')).response.status,
    ).toBe(403);
    expect(
      (await verify({ requestId: 106, payload: base64(csv), userName: 'nobody' })).response.status,
    ).toBe(403);
  });

  it('applyRestrictions applies the verified CSV: an opening order in the contract is then rejected; bad claims 400, no token 401, another scope 403', async () => {
    await verify({ requestId: 201, payload: base64(csv) });
    expect(
      (await apply({ userName, requestId: 'two', payload: base64(csv) })).response.status,
    ).toBe(400);
    expect(
      (await apply({ userName, requestId: 201, payload: base64(csv) }, 'reports.write')).response
        .status,
    ).toBe(403);
    const anonymous = await suite.client.POST('/gw/api/v1/restrictions', {
      body: 'a.b.c',
      bodySerializer: (text: string) => text,
      headers: { 'content-type': 'application/jwt' },
    });
    expect(anonymous.response.status).toBe(401);
    const applied = await apply({ userName, requestId: 201, payload: base64(csv) });
    expect(applied.response.status).toBe(200);
    expect(applied.data).toEqual({ success: true, requestId: 201, message: 'OK' });
    const notVerified = await apply({ userName, requestId: 202, payload: base64(csv) });
    expect(notVerified.data).toEqual({
      success: false,
      requestId: 202,
      message: 'Request 202 was not verified',
    });

    await suite.client.POST('/v1/api/iserver/questions/suppress', {
      body: { messageIds: ['o10151'] },
    });
    const placed = await suite.client.POST('/v1/api/iserver/account/{accountId}/orders', {
      params: { path: { accountId: 'U1234567' } },
      body: { orders: [{ conid: 265598, orderType: 'MKT', side: 'BUY', tif: 'DAY', quantity: 1 }] },
    });
    expect(placed.data).toEqual({
      error:
        'Order rejected: account U1234567 may only close positions here (pre-trade compliance restriction ContractCloseOnly)',
    });
  });
  it("the reads give what the applied CSV made, by number; another user's or none 403 alike, a bad number 400, no token 401", async () => {
    const listsCsv = [
      'RESTR_ADD, ReadCloseOnly, RULE_BEGIN, rule_type=CLOSINGONLY, conid=272093, RULE_END',
      'RESTR_ASSOC_ADD, ReadCloseOnly, U1234567',
      'LIST_ADD, ReadWatched, 265598, 272093',
    ].join('\n');
    expect((await verify({ requestId: 301, payload: base64(listsCsv) })).data?.success).toBe(true);
    expect(
      (await apply({ userName, requestId: 301, payload: base64(listsCsv) })).data?.success,
    ).toBe(true);
    const headers = await bearer(suite, 'restrictions.read');
    const master = { masterUserName: userName };

    const owned = await suite.client.GET('/gw/api/v1/restrictions/ids', {
      params: { query: master },
      headers,
    });
    expect(owned.response.status).toBe(200);
    const restrictionIds = (owned.data?.restrictions ?? []).map((item) => item.restrictionId ?? 0);
    expect(restrictionIds.length).toBeGreaterThan(0);
    const restrictionId = Math.max(...restrictionIds);

    const details = await suite.client.GET('/gw/api/v1/restrictions/restriction', {
      params: { query: { ...master, restrictionId } },
      headers,
    });
    expect(details.data).toMatchObject({
      status: 'ok',
      restrictionId,
      name: 'ReadCloseOnly',
      rules: [{ type: 'CLOSINGONLY', validityType: 'GTC', params: [{ conid: '272093' }] }],
    });
    const scope = await suite.client.GET('/gw/api/v1/restrictions/restriction-scope', {
      params: { query: { ...master, restrictionId } },
      headers,
    });
    expect(scope.data).toEqual({
      status: 'ok',
      restrictionId,
      scope: 'Active For Some',
      accountIds: ['U1234567'],
      truncated: false,
    });
    const ofAccount = await suite.client.GET('/gw/api/v1/restrictions/account', {
      params: { query: { ...master, accountId: 'U1234567' } },
      headers,
    });
    expect(ofAccount.data?.restrictionIds).toContain(restrictionId);
    const ofUser = await suite.client.GET('/gw/api/v1/restrictions/user', {
      params: { query: { ...master, userName } },
      headers,
    });
    expect(ofUser.data?.restrictionIds).toContain(restrictionId);

    const lists = await suite.client.GET('/gw/api/v1/restrictions/lists/ids', {
      params: { query: master },
      headers,
    });
    expect(lists.response.status).toBe(200);
    const listId = Math.max(...(lists.data?.lists ?? []).map((item) => item.listId ?? 0));
    const list = await suite.client.GET('/gw/api/v1/restrictions/list', {
      params: { query: { ...master, listId } },
      headers,
    });
    expect(list.data).toMatchObject({ status: 'ok', listId, type: 'CONID', name: 'ReadWatched' });
    expect(list.data?.entries?.map((entry) => entry.params?.val)).toEqual(['265598', '272093']);

    // Another user's account and a number no restriction has: the same 403.
    const theirs = await suite.client.GET('/gw/api/v1/restrictions/account', {
      params: { query: { ...master, accountId: 'U2345671' } },
      headers,
    });
    const none = await suite.client.GET('/gw/api/v1/restrictions/restriction', {
      params: { query: { ...master, restrictionId: 999999 } },
      headers,
    });
    const noList = await suite.client.GET('/gw/api/v1/restrictions/list', {
      params: { query: { ...master, listId: 999999 } },
      headers,
    });
    const noScope = await suite.client.GET('/gw/api/v1/restrictions/restriction-scope', {
      params: { query: { ...master, restrictionId: 999999 } },
      headers,
    });
    const noUser = await suite.client.GET('/gw/api/v1/restrictions/user', {
      params: { query: { ...master, userName: 'nobody' } },
      headers,
    });
    for (const refused of [theirs, none, noList, noScope, noUser]) {
      expect(refused.response.status).toBe(403);
      expect(refused.error).toEqual({ status: 403, error: 'Forbidden', message: 'Access denied' });
    }
    const notServed = await suite.client.GET('/gw/api/v1/restrictions/lists/ids', {
      params: { query: { masterUserName: 'somebody_else' } },
      headers,
    });
    expect(notServed.response.status).toBe(403);
    const notServedIds = await suite.client.GET('/gw/api/v1/restrictions/ids', {
      params: { query: { masterUserName: 'somebody_else' } },
      headers,
    });
    expect(notServedIds.response.status).toBe(403);

    const fraction = await suite.client.GET('/gw/api/v1/restrictions/restriction', {
      params: { query: { ...master, restrictionId: 1.5 } },
      headers,
    });
    expect(fraction.response.status).toBe(400);
    expect(fraction.error).toMatchObject({
      status: 400,
      error: expect.stringMatching(/^Bad Request: /),
    });
    for (const path of [
      '/gw/api/v1/restrictions/account',
      '/gw/api/v1/restrictions/user',
      '/gw/api/v1/restrictions/ids',
      '/gw/api/v1/restrictions/lists/ids',
      '/gw/api/v1/restrictions/list',
      '/gw/api/v1/restrictions/restriction-scope',
    ] as const) {
      const missing = await suite.client.GET(path, { params: { query: {} as never }, headers });
      expect(missing.response.status).toBe(400);
      const anonymous = await suite.client.GET(path, { params: { query: master as never } });
      expect(anonymous.response.status).toBe(401);
      expect(anonymous.error).toMatchObject({ status: 401, error: 'Unauthorized' });
    }
    const anonymousDetails = await suite.client.GET('/gw/api/v1/restrictions/restriction', {
      params: { query: { ...master, restrictionId } },
    });
    expect(anonymousDetails.response.status).toBe(401);
  });
});

// The checker itself: it must refuse what breaks the contract, or every other test is vacuous.
import { ContractViolation, contractFetch } from '../src/client.js';
import { coverageDirVariable } from '../src/coverage-log.js';
import { operationById, type DocumentOperation } from '../src/document.js';
import { requestIsValid } from '../src/requests.js';
import { responseProblems } from '../src/validate.js';

const operation = (id: string) => operationById.get(id) as DocumentOperation;

describe('responseProblems', () => {
  const getAccounts = operation('getAccounts');

  it('refuses an undocumented status', () => {
    expect(responseProblems(getAccounts, 418, 'application/json', {})).toEqual([
      'status 418 is not documented for getAccounts',
    ]);
  });

  it('refuses an undocumented media type', () => {
    expect(responseProblems(getAccounts, 200, 'text/html', '<p>')[0]).toMatch(
      /media type "text\/html"/,
    );
  });

  it('refuses a body that misses required fields', () => {
    expect(
      responseProblems(getAccounts, 200, 'application/json', { accounts: [] }).length,
    ).toBeGreaterThan(0);
  });

  it('refuses an error body in the wrong shape', () => {
    expect(
      responseProblems(getAccounts, 400, 'application/json', { message: 'bad' }).length,
    ).toBeGreaterThan(0);
    expect(
      responseProblems(getAccounts, 400, 'application/json', { error: 'bad', statusCode: 400 }),
    ).toEqual([]);
  });
});

describe('contractFetch (requests sent outside the typed client)', () => {
  // These answers are made up here: none of them may count towards the coverage figure.
  const coverageDir = process.env[coverageDirVariable];
  beforeAll(() => Reflect.deleteProperty(process.env, coverageDirVariable));
  afterAll(() => {
    if (coverageDir !== undefined) process.env[coverageDirVariable] = coverageDir;
  });
  const answering = (status: number, body: unknown) =>
    contractFetch('contract', async () =>
      Response.json(body, { status, headers: { 'content-type': 'application/json' } }),
    );
  const tokenRequest = () =>
    new Request('http://127.0.0.1:1/v1/api/oauth/request_token', { method: 'POST' });

  it('passes an answer that keeps the contract through', async () => {
    const response = await answering(200, { oauth_token: 'abc' })(tokenRequest());
    expect(await response.json()).toEqual({ oauth_token: 'abc' });
  });

  it('refuses an undocumented status, a wrong body and a route outside the document', async () => {
    await expect(answering(418, {})(tokenRequest())).rejects.toThrow(ContractViolation);
    await expect(answering(200, { oauth_token: 1 })(tokenRequest())).rejects.toThrow(
      /requestOAuthToken answered 200 against the document/,
    );
    await expect(
      answering(200, {})(new Request('http://127.0.0.1:1/v1/api/nowhere', { method: 'POST' })),
    ).rejects.toThrow('POST /v1/api/nowhere is not in the document');
  });
});

describe('requestIsValid', () => {
  const getTrades = operation('getTrades');

  it('coerces query values as the server does', () => {
    expect(requestIsValid(getTrades, { path: {}, query: { days: '3' }, kind: 'test' })).toBe(true);
    expect(requestIsValid(getTrades, { path: {}, query: { days: 'abc' }, kind: 'test' })).toBe(
      false,
    );
    expect(requestIsValid(getTrades, { path: {}, query: { days: '8' }, kind: 'test' })).toBe(false);
  });

  it('refuses unknown query parameters and raw bodies', () => {
    expect(requestIsValid(getTrades, { path: {}, query: { extra: '1' }, kind: 'test' })).toBe(
      false,
    );
    const rules = operation('getContractRules');
    expect(
      requestIsValid(rules, {
        path: {},
        query: {},
        raw: { text: '{', contentType: 'application/json' },
        kind: 'test',
      }),
    ).toBe(false);
    expect(
      requestIsValid(rules, {
        path: {},
        query: {},
        body: { conid: 265598, isBuy: true },
        kind: 'test',
      }),
    ).toBe(true);
  });
});

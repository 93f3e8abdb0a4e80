// The checker itself: it must refuse what breaks the contract, or every other test is vacuous.
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

// What each kind of operation needs before its handler runs, read from its `security`.
import { checksHeaderCredentialsFirst, operationAccess, operationRoutes } from '../src/index.js';

const row = (operationId: string) => {
  const found = operationRoutes.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
};

describe('operation access', () => {
  it.each([
    ['tickle', 'session', false],
    ['getLedger', 'session', false],
    ['getAccounts', 'brokerage', false],
    ['requestOAuthToken', 'credentials', true],
    ['createSsoSession', 'credentials', true],
    ['createOAuth2Token', 'credentials', false],
  ])('%s needs %s (header credentials first: %s)', (operationId, access, headerFirst) => {
    expect(operationAccess(row(operationId))).toBe(access);
    expect(checksHeaderCredentialsFirst(row(operationId))).toBe(headerFirst);
  });
});

// What each kind of operation needs before its handler runs, read from its `security`.
import { checksHeaderCredentialsFirst, operationRoutes, type AccessOf } from '../src/index.js';

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
    ['requestOAuthToken', 'oauth1', true],
    ['createSsoSession', 'bearer', true],
    ['createBankInstruction', 'bearer', true],
    ['createOAuth2Token', 'public', false],
  ])('%s needs %s (header credentials first: %s)', (operationId, access, headerFirst) => {
    expect(row(operationId).access).toBe(access);
    expect(checksHeaderCredentialsFirst(row(operationId))).toBe(headerFirst);
  });

  it('is known to the compiler per operation', () => {
    // Each line fails the type check if the table's literal differs.
    const accesses: [AccessOf<'getLedger'>, AccessOf<'getAccounts'>, AccessOf<'echoHttps'>] = [
      'session',
      'brokerage',
      'bearer',
    ];
    expect(accesses).toEqual(
      [row('getLedger'), row('getAccounts'), row('echoHttps')].map((r) => r.access),
    );
  });
});

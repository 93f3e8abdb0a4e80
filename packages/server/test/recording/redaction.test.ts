// Secrets out of a recording, on their own: consistent pseudonyms for account ids and secrets.
import { Redactor } from '../../src/recording/redaction.js';

describe('Redactor', () => {
  it('gives an account id a pseudonym of the same letters and width, the same each time', () => {
    const redactor = new Redactor();
    expect(redactor.account('DU1234567')).toBe('DU0000001');
    expect(redactor.account('U7654321')).toBe('U0000002');
    expect(redactor.account('DU1234567')).toBe('DU0000001');
    expect(redactor.account('12345')).toBe('00003');
  });

  it('learns account ids from the keys that name them, not from others', () => {
    const redactor = new Redactor();
    redactor.learnAccounts({
      accounts: ['U1111111', 'U2222222'],
      acctId: 'U3333333',
      selectedAccount: 'U1111111',
      other: 'U4444444',
      accountId: 'ab',
    });
    expect(redactor.text('U1111111 U2222222 U3333333 U4444444 ab')).toBe(
      'U0000001 U0000002 U0000003 U4444444 ab',
    );
  });

  it('replaces a longer id before one it contains', () => {
    const redactor = new Redactor();
    redactor.account('U123');
    redactor.account('U1234567');
    expect(redactor.text('/portfolio/U1234567/ledger and U123')).toBe(
      '/portfolio/U0000002/ledger and U001',
    );
  });

  it.each<[string, unknown, unknown]>([
    ['a token', { access_token: 'abc' }, { access_token: 'redacted-1' }],
    ['a session', { session: 'abc' }, { session: 'redacted-1' }],
    ['an empty secret kept', { password: '' }, { password: '' }],
    ['a number under a secret key kept', { token: 5 }, { token: 5 }],
    [
      'the same secret, the same pseudonym',
      [{ token: 'x' }, { secret: 'x' }, { token: 'y' }],
      [{ token: 'redacted-1' }, { secret: 'redacted-1' }, { token: 'redacted-2' }],
    ],
    [
      'account ids as keys and values',
      { U1234567: { acctId: 'U1234567' } },
      { U0000001: { acctId: 'U0000001' } },
    ],
  ])('json: %s', (_, value, expected) => {
    const redactor = new Redactor();
    redactor.learnAccounts(value);
    expect(redactor.json(value)).toEqual(expected);
  });

  it.each<[string, string, string, string]>([
    ['a cookie list', 'Cookie', 'api=abc; x=def', 'api=redacted-1; x=redacted-2'],
    [
      'a set-cookie keeps its attributes',
      'set-cookie',
      'api=abc; Path=/; HttpOnly',
      'api=redacted-1; Path=/; HttpOnly',
    ],
    ['a bearer token keeps its scheme', 'authorization', 'Bearer abc.def', 'Bearer redacted-1'],
    ['a bare credential', 'x-api-key', 'abc', 'redacted-1'],
    [
      'OAuth keeps its keys, its version and signature method',
      'Authorization',
      'OAuth oauth_consumer_key="KEY", oauth_signature_method="RSA-SHA256", oauth_signature="c2ln", oauth_version="1.0"',
      'OAuth oauth_consumer_key="redacted-1", oauth_signature_method="RSA-SHA256", oauth_signature="redacted-2", oauth_version="1.0"',
    ],
    ['another header kept', 'content-type', 'application/json', 'application/json'],
  ])('header: %s', (_, name, value, expected) => {
    expect(new Redactor().header(name, value)).toBe(expected);
  });

  it.each<[string, string, string]>([
    ['oauth_token', 'abc', 'redacted-1'],
    ['bearer_token', 'abc', 'redacted-1'],
    ['conid', '265598', '265598'],
  ])('query: %s', (name, value, expected) => {
    expect(new Redactor().query(name, value)).toBe(expected);
  });
});

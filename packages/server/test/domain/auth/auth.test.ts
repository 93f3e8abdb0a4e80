// Authorization without HTTP: OAuth 2.0 client assertions and the tokens they buy, single sign-on
// sessions and one-time portal links, and OAuth 1.0a's timestamp window and nonces.
import { admitNonce, checkTimestamp } from '../../../src/domain/auth/oauth1/nonces.js';
import { bearerToken } from '../../../src/domain/auth/oauth2.js';
import { MemoryStore } from '../../../src/store/memory.js';
import { testConsumerKeys } from '../../../src/fixtures/test-consumer.js';
import { assertion } from '../../oauth2-helper.js';
import { defined } from '../../trading-helpers.js';
import { domain, domainRejectionOf as failure } from '../services.js';

const clientId = testConsumerKeys.oauth2.clientId;
const tokenUrl = 'https://gateway.test/oauth2/api/v1/token';

function world() {
  const { services, clock } = domain();
  const signed = (claims = {}, options = {}) =>
    assertion({ clock, baseUrl: 'https://gateway.test' }, claims, options);
  const client = defined(services.oauth2.client(clientId), clientId);
  return { services, clock, signed, client };
}

describe('OAuth 2.0 client assertions', () => {
  it('buys a bearer token for the scopes granted to the client, and no others', async () => {
    const { services, signed } = world();
    const token = await services.oauth2.issueToken(
      await signed(),
      'sso-sessions.write made-up.scope',
      [tokenUrl],
    );
    expect(token).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'sso-sessions.write',
    });
    const header = `Bearer ${token.access_token}`;
    expect((await services.oauth2.authorize(header, 'sso-sessions.write')).clientId).toBe(clientId);
    expect(await failure(() => services.oauth2.authorize(header, 'accounts.read'))).toEqual({
      kind: 'forbidden',
      message: 'Insufficient scope: accounts.read required',
    });
    expect(await failure(() => services.oauth2.authorize(undefined, []))).toMatchObject({
      kind: 'unauthorized',
    });
    expect(
      await failure(async () =>
        services.oauth2.issueToken(await signed(), 'made-up.scope', [tokenUrl]),
      ),
    ).toEqual({
      kind: 'badRequest',
      message: `None of the requested scopes is granted to ${clientId}`,
    });
  });

  it('takes an assertion once, and refuses one that lives too long or names an unknown key', async () => {
    const { services, signed } = world();
    const once = await signed();
    await services.oauth2.issueToken(once, 'accounts.read', [tokenUrl]);
    expect(
      await failure(() => services.oauth2.issueToken(once, 'accounts.read', [tokenUrl])),
    ).toEqual({
      kind: 'unauthorized',
      message: 'Assertion already used',
    });
    const long = await signed({}, { lifetimeSeconds: 301 });
    expect(
      await failure(() => services.oauth2.issueToken(long, 'accounts.read', [tokenUrl])),
    ).toEqual({
      kind: 'unauthorized',
      message: 'Assertion lifetime too long',
    });
    const otherKey = await signed({}, { kid: 'nobody' });
    expect(
      await failure(() => services.oauth2.issueToken(otherKey, 'accounts.read', [tokenUrl])),
    ).toEqual({ kind: 'unauthorized', message: 'Unknown key id' });
  });

  it('refuses an assertion for another audience, or one that expired on the clock', async () => {
    const { services, signed, clock } = world();
    const elsewhere = await signed({ aud: 'https://elsewhere.test/token' });
    expect(
      await failure(() => services.oauth2.issueToken(elsewhere, 'accounts.read', [tokenUrl])),
    ).toMatchObject({ kind: 'unauthorized' });
    const soon = await signed({}, { lifetimeSeconds: 60 });
    clock.advance(61_000);
    expect(
      await failure(() => services.oauth2.issueToken(soon, 'accounts.read', [tokenUrl])),
    ).toMatchObject({ kind: 'unauthorized' });
  });

  it('reads the token of a bearer header, and nothing else', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer  abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});

describe('single sign-on', () => {
  it('opens a competing session while another holds the brokerage connection, unless it competes', async () => {
    const { services, client } = world();
    const first = await services.sso.createSession(client, {
      credential: 'demo_advisor',
      ip: '192.0.2.1',
    });
    expect(first).toMatchObject({
      authenticated: true,
      competing: false,
      userName: 'demo_advisor',
    });
    const second = await services.sso.createSession(client, {
      credential: 'demo_advisor',
      ip: '192.0.2.1',
    });
    expect(second).toMatchObject({ authenticated: false, competing: true });
    const third = await services.sso.createSession(client, {
      credential: 'demo_advisor',
      ip: '192.0.2.1',
      compete: true,
    });
    expect(third).toMatchObject({ authenticated: true, competing: false });
    expect(await failure(() => services.sso.sessionOfToken(first.access_token))).toEqual({
      kind: 'unauthorized',
      message: 'Session ended',
    });
    expect((await services.sso.sessionOfToken(third.access_token)).id).toBe(third.sessionId);
  });

  it('acts only for the end users of the client', async () => {
    const { services, client } = world();
    expect(
      await failure(() =>
        services.sso.createSession(client, { credential: 'nobody', ip: '192.0.2.1' }),
      ),
    ).toEqual({
      kind: 'forbidden',
      message: `${clientId} may not act for nobody`,
    });
  });

  it('redeems a portal link once, from its address, within its minute', () => {
    const { services, client, clock } = world();
    const tokenOf = (url: string | undefined) =>
      defined(new URL(defined(url, 'url')).searchParams.get('token') ?? undefined, 'token');
    const link = services.sso.createBrowserLink(
      client,
      { credential: 'demo_individual', ip: '192.0.2.1' },
      'https://gateway.test',
    );
    expect(link).toMatchObject({ active: true, expiresIn: 60 });
    const token = tokenOf(link.url);
    expect(services.sso.redeemLink(token, '192.0.2.9')).toBeUndefined();
    expect(services.sso.redeemLink(token, '192.0.2.1')?.session.username).toBe('demo_individual');
    expect(services.sso.redeemLink(token, '192.0.2.1')).toBeUndefined();

    const late = tokenOf(
      services.sso.createBrowserLink(
        client,
        { credential: 'demo_individual', ip: '192.0.2.1' },
        'https://gateway.test',
      ).url,
    );
    clock.advance(60_000);
    expect(services.sso.redeemLink(late, '192.0.2.1')).toBeUndefined();
  });
});

describe('OAuth 1.0a timestamps and nonces', () => {
  it('takes a timestamp within five minutes of the clock, either way', () => {
    const { clock } = domain();
    const fields = (seconds: number) =>
      new Map([
        ['oauth_nonce', 'n1'],
        ['oauth_timestamp', String(Math.floor(clock.now() / 1000) + seconds)],
      ]);
    expect(() => checkTimestamp(clock, fields(300))).not.toThrow();
    expect(() => checkTimestamp(clock, fields(-300))).not.toThrow();
    expect(() => checkTimestamp(clock, fields(301))).toThrow(
      'oauth_timestamp outside the accepted window',
    );
    expect(() => checkTimestamp(clock, new Map([['oauth_timestamp', '1']]))).toThrow(
      'missing oauth_nonce or oauth_timestamp',
    );
  });

  it("refuses a consumer's nonce seen within the window; another consumer's is its own", () => {
    const { clock } = domain();
    const nonces = new MemoryStore().collection('oauthNonces');
    admitNonce(nonces, clock, 'A', 'n1');
    expect(() => admitNonce(nonces, clock, 'A', 'n1')).toThrow('nonce already used');
    expect(() => admitNonce(nonces, clock, 'B', 'n1')).not.toThrow();
    clock.advance(10 * 60_000 + 1);
    expect(() => admitNonce(nonces, clock, 'A', 'n1')).not.toThrow();
  });
});

import type { AuthStore } from './store-view.js';
import { decodeJwt, decodeProtectedHeader, type JWK, type JWTPayload } from 'jose';
import type { AreaContext } from '../accounts/brokerage.js';
import { badRequest, forbidden, unauthorized } from '../kernel/errors.js';
import { verifyJwt, type TokenSigner } from './jwt.js';
import { sha256Hex } from '../kernel/digest.js';
import { secretHex } from '../kernel/secrets.js';

/** An OAuth 2.0 client: its public JWKs, the scopes it may be granted, the end users it serves. */
export interface OAuth2Client {
  clientId: string;
  /** Public keys (RSA JWKs with `kid`) that verify its client assertions. */
  keys: JWK[];
  scopes: string[];
  /** Usernames the client may create single sign-on sessions for. */
  endUsers: string[];
}

/** A client assertion already used, kept until it expires (replay protection by `jti`). */
export interface UsedAssertion {
  id: string;
  expiresAt: number;
}

/** Issuer and audience of the access tokens the token operation issues. */
export const accessTokenClaims = { issuer: 'urn:context:oauth2', audience: 'urn:context:gw' };
export const accessTokenLifetimeSeconds = 3600;
/** A client assertion may be valid this long at most (`exp` − `iat`). */
export const maxAssertionLifetimeSeconds = 300;
/** How far ahead of the server's clock an assertion's `iat` may be (the clocks' difference). */
export const assertionClockSkewSeconds = 60;
/** The audience public clients put in their assertions (ibind, ibauth), besides the token URL. */
export const serviceTokenAudience = '/token';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

export type OAuth2Context = AreaContext<'clock', never, AuthStore>;

/** The client-credentials grant with a `private_key_jwt` client assertion (RFC 7523). */
export class OAuth2 {
  readonly #clients = new Map<string, OAuth2Client>();

  constructor(
    private readonly context: OAuth2Context,
    private readonly signer: TokenSigner,
    clients: OAuth2Client[] = [],
  ) {
    for (const client of clients) this.registerClient(client);
  }

  registerClient(client: OAuth2Client): void {
    this.#clients.set(client.clientId, structuredClone(client));
  }

  client(clientId: string): OAuth2Client | undefined {
    return this.#clients.get(clientId);
  }

  /** Verifies the assertion (key by `kid`, RS256 signature, iss = sub = client id, `aud` one of
   * `tokenUrls` or `/token`, `exp`, used once: by its `jti`, or as a whole when it has none, as
   * public clients send it) and issues an access token for the granted scopes. */
  async issueToken(assertion: string, scope: string, tokenUrls: string[]): Promise<TokenResponse> {
    const { client, kid } = this.assertingClient(assertion);
    const key = client.keys.find((candidate) => candidate.kid === kid);
    if (!key) throw unauthorized('Unknown key id');
    const claims = await verifyJwt(assertion, key, this.context.clock, {
      issuer: client.clientId,
      subject: client.clientId,
      audience: [...tokenUrls, serviceTokenAudience],
      requiredClaims: ['exp', 'iat'],
    });
    const exp = claims.exp ?? 0;
    if (exp - (claims.iat ?? 0) > maxAssertionLifetimeSeconds)
      throw unauthorized('Assertion lifetime too long');
    if ((claims.iat ?? 0) * 1000 > this.context.clock.now() + assertionClockSkewSeconds * 1000)
      throw unauthorized('Assertion issued in the future');
    const once = claims.jti ?? `sha256:${await sha256Hex(assertion)}`;
    this.useOnce(`${client.clientId}:${once}`, exp * 1000);
    const granted = scope.split(' ').filter((name) => client.scopes.includes(name));
    if (granted.length === 0)
      throw badRequest(`None of the requested scopes is granted to ${client.clientId}`);
    const now = this.context.clock.now();
    const accessToken = await this.signer.sign(
      {
        iss: accessTokenClaims.issuer,
        aud: accessTokenClaims.audience,
        sub: client.clientId,
        scope: granted.join(' '),
        jti: secretHex(16),
      },
      now + accessTokenLifetimeSeconds * 1000,
    );
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: accessTokenLifetimeSeconds,
      scope: granted.join(' '),
    };
  }

  /** The client behind a bearer access token that carries `scope`, or one of `scope` when it is a
   * list of alternatives (none: any valid token): 401 when the token is missing or invalid, 403
   * when it lacks them all. */
  async authorize(
    authorization: string | undefined,
    scope: string | readonly string[],
  ): Promise<OAuth2Client> {
    const token = bearerToken(authorization);
    if (!token) throw unauthorized('Missing bearer token');
    const claims = await this.signer.verify(token, accessTokenClaims);
    const client = this.client(claims.sub ?? '');
    if (!client) throw unauthorized('Unknown client');
    const held = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    const accepted = typeof scope === 'string' ? [scope] : scope;
    if (accepted.length > 0 && !accepted.some((name) => held.includes(name)))
      throw forbidden(`Insufficient scope: ${accepted.join(' or ')} required`);
    return client;
  }

  /** The claims of a request body signed by `client` (the signed-JWT security policy): RS256 with
   * the key its header's `kid` names, or the client's only key; `exp` and `nbf` when present. */
  async verifySignedBody(client: OAuth2Client, body: string): Promise<JWTPayload> {
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(body).kid;
    } catch {
      throw unauthorized('Invalid signed body');
    }
    const key =
      kid === undefined && client.keys.length === 1
        ? client.keys[0]
        : client.keys.find((candidate) => candidate.kid === kid);
    if (!key) throw unauthorized('Unknown key id');
    return verifyJwt(body, key, this.context.clock, {});
  }

  /** The client the (not yet verified) assertion names, to find the key that verifies it. */
  private assertingClient(assertion: string): { client: OAuth2Client; kid: string | undefined } {
    let issuer: unknown;
    let kid: string | undefined;
    try {
      issuer = decodeJwt(assertion).iss;
      kid = decodeProtectedHeader(assertion).kid;
    } catch {
      throw unauthorized('Invalid token');
    }
    const client = typeof issuer === 'string' ? this.client(issuer) : undefined;
    if (!client) throw unauthorized('Unknown client');
    return { client, kid };
  }

  private useOnce(id: string, expiresAt: number): void {
    const used = this.context.store.collection('usedAssertions');
    const entry = used.get(id);
    if (entry && entry.expiresAt > this.context.clock.now())
      throw unauthorized('Assertion already used');
    used.set(id, { id, expiresAt }, { expiresAt });
  }
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1];
}

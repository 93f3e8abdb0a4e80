import { clientAssertion } from '@brokerage/types/oauth2';
import { importJWK, type CryptoKey, type JWK } from 'jose';
import { systemClock, type Clock } from '../clock.js';
import type { Fetch } from '../fetch/layer.js';
import type { AuthProvider } from './types.js';

/** The toolkit's one client-assertion signer, which the token source below uses. */
export { clientAssertion, type ClientAssertionOptions } from '@brokerage/types/oauth2';

export interface OAuth2Options {
  /** The service's base address, e.g. `http://localhost:5000`. */
  baseUrl: string;
  clientId: string;
  /** The client's private key: an RSA JWK (its `kid` names the registered public key) or a CryptoKey. */
  privateKey: JWK | CryptoKey;
  /** The id of the registered public key (default: the JWK's `kid`). */
  kid?: string;
  /** The scopes to ask for, e.g. `['sso-sessions.write']`. */
  scope: string | string[];
  /** Get a new token this long before the current one expires (default 60 s). */
  refreshBeforeMs?: number;
  /** Lifetime of each client assertion (default 60 s; the server accepts at most 300). */
  assertionLifetimeSeconds?: number;
  clock?: Pick<Clock, 'now'>;
  fetch?: Fetch;
}

/** An OAuth 2.0 token source: `token()` answers a bearer token, cached until shortly before it expires. */
export interface OAuth2TokenSource {
  token(): Promise<string>;
  /** Drops the cached token: the next `token()` asks for a new one. */
  invalidate(): void;
}

const problemOf = async (response: Response) => {
  const body = (await response.json().catch(() => ({}))) as { detail?: string };
  return `${response.status}${body.detail ? ` ${body.detail}` : ''}`;
};

const isJwk = (key: JWK | CryptoKey): key is JWK => 'kty' in key;

function withBearer(request: Request, token: string): Request {
  const headers = new Headers(request.headers);
  headers.set('authorization', `Bearer ${token}`);
  return new Request(request, { headers });
}

/** The client-credentials grant with a `private_key_jwt` assertion (RS256, single-use `jti`). */
export function oauth2Tokens(options: OAuth2Options): OAuth2TokenSource {
  const clock = options.clock ?? systemClock;
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const tokenUrl = `${options.baseUrl.replace(/\/+$/, '')}/oauth2/api/v1/token`;
  const scope = Array.isArray(options.scope) ? options.scope.join(' ') : options.scope;
  const refreshBeforeMs = options.refreshBeforeMs ?? 60_000;
  const kid = options.kid ?? (isJwk(options.privateKey) ? options.privateKey.kid : undefined);
  let key: Promise<CryptoKey | Uint8Array> | undefined;
  let cached: Promise<{ token: string; expiresAt: number }> | undefined;
  let expiresAt = 0;

  async function assertion(): Promise<string> {
    key ??= isJwk(options.privateKey)
      ? importJWK(options.privateKey, 'RS256')
      : Promise.resolve(options.privateKey);
    return clientAssertion({
      clientId: options.clientId,
      privateKey: await key,
      ...(kid === undefined ? {} : { kid }),
      audience: tokenUrl,
      nowMs: clock.now(),
      ...(options.assertionLifetimeSeconds === undefined
        ? {}
        : { lifetimeSeconds: options.assertionLifetimeSeconds }),
    });
  }

  async function requestToken(): Promise<{ token: string; expiresAt: number }> {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: await assertion(),
      scope,
    });
    const requestedAt = clock.now();
    const response = await send(
      new Request(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      }),
    );
    if (!response.ok)
      throw new Error(`OAuth 2.0: the token request answered ${await problemOf(response)}`);
    const answer = (await response.json()) as { access_token: string; expires_in: number };
    return { token: answer.access_token, expiresAt: requestedAt + answer.expires_in * 1000 };
  }

  return {
    async token() {
      if (cached && clock.now() >= expiresAt - refreshBeforeMs) cached = undefined;
      cached ??= requestToken().then(
        (issued) => {
          expiresAt = issued.expiresAt;
          return issued;
        },
        (error: unknown) => {
          cached = undefined;
          throw error;
        },
      );
      return (await cached).token;
    },
    invalidate() {
      cached = undefined;
    },
  };
}

/** A bearer OAuth 2.0 access token on every request (the single sign-on operations). */
export function oauth2(options: OAuth2Options): AuthProvider & OAuth2TokenSource {
  const tokens = oauth2Tokens(options);
  return {
    ...tokens,
    async authorize(request) {
      return withBearer(request, await tokens.token());
    },
    async refresh() {
      tokens.invalidate();
      await tokens.token();
      return true;
    },
  };
}

export interface SingleSignOnOptions extends Omit<OAuth2Options, 'scope'> {
  /** The end user's username. */
  credential: string;
  /** The end user's IP address, and others the session may be used from. */
  ip: string;
  alternativeIps?: string[];
  /** Take over the brokerage connection from another session of the user (default false). */
  compete?: boolean;
  /** Open the brokerage session at once (default true). */
  publish?: boolean;
}

/** The answer of `POST /gw/api/v1/sso-sessions`. */
export interface SsoSession {
  access_token: string;
  sessionId: string;
  userId: number;
  userName: string;
  authenticated: boolean;
  competing: boolean;
  expires: number;
}

/** Single sign-on for one end user: gets an OAuth 2.0 token (scope `sso-sessions.write`), creates
 * the end user's session, and sends its session token on every brokerage request (the OAuth 2.0
 * token on `/gw/` requests). After a 401 it creates a new session. */
export function singleSignOn(
  options: SingleSignOnOptions,
): AuthProvider & { session(): Promise<SsoSession> } {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const base = options.baseUrl.replace(/\/+$/, '');
  const tokens = oauth2Tokens({ ...options, scope: 'sso-sessions.write' });
  let session: Promise<SsoSession> | undefined;

  async function createSession(): Promise<SsoSession> {
    const body = {
      credential: options.credential,
      ip: options.ip,
      ...(options.alternativeIps ? { alternativeIps: options.alternativeIps } : {}),
      ...(options.compete === undefined ? {} : { compete: options.compete }),
      ...(options.publish === undefined ? {} : { publish: options.publish }),
    };
    const request = new Request(`${base}/gw/api/v1/sso-sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const response = await send(withBearer(request, await tokens.token()));
    if (!response.ok)
      throw new Error(`Single sign-on: creating the session answered ${await problemOf(response)}`);
    return (await response.json()) as SsoSession;
  }

  const currentSession = () => {
    session ??= createSession().catch((error: unknown) => {
      session = undefined;
      throw error;
    });
    return session;
  };

  return {
    async authorize(request) {
      const isGateway = new URL(request.url).pathname.startsWith('/gw/');
      return withBearer(
        request,
        isGateway ? await tokens.token() : (await currentSession()).access_token,
      );
    },
    async refresh() {
      tokens.invalidate();
      session = undefined;
      await currentSession();
      return true;
    },
    session: currentSession,
  };
}

import {
  authorizationHeader,
  baseString,
  decryptPkcs1v15,
  deriveLiveSessionToken,
  liveSessionTokenSignature,
  signHmacSha256,
  signRsaSha256,
} from '@brokerage/types/oauth1';
import {
  createDiffieHellman,
  createPrivateKey,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { systemClock, type Clock } from '../clock.js';
import type { Fetch } from '../fetch/layer.js';
import type { AuthProvider } from './types.js';

export interface OAuth1Options {
  /** The service's base address, e.g. `http://localhost:5000`. */
  baseUrl: string;
  consumerKey: string;
  /** `limited_poa` (default), `test_realm` for the test consumer. */
  realm?: string;
  /** The consumer's private signature key (PEM or KeyObject): signs the three token requests. */
  signatureKey: string | KeyObject;
  /** The consumer's private encryption key: decrypts the access token secret. */
  encryptionKey: string | KeyObject;
  /** The consumer's Diffie-Hellman prime, hexadecimal. */
  dhPrime: string;
  /** An access token obtained earlier, with its (encrypted, base64) secret; without them the
   * provider runs `request_token` and `access_token` first. */
  accessToken?: string;
  accessTokenSecret?: string;
  /** Has the user authorize the request token (send them to `{baseUrl}/oauth/authorize`) and
   * answers the verifier; not needed for a consumer the server authorizes automatically. */
  authorize?: (requestToken: string) => Promise<string | undefined>;
  /** Open the brokerage session (`ssodh/init`) after each new live session token (default true). */
  openBrokerageSession?: boolean;
  /** Renew the live session token this long before it expires (default 10 minutes). */
  renewBeforeMs?: number;
  clock?: Pick<Clock, 'now'>;
  fetch?: Fetch;
}

/** An OAuth 1.0a provider: the access token it uses and the live session token's expiry. */
export interface OAuth1Provider extends AuthProvider {
  /** The access token and its encrypted secret (store them to skip the first two steps next time). */
  accessToken(): Promise<{ token: string; secret: string }>;
  /** When the current live session token expires (epoch ms), or undefined before the first one. */
  expiresAt(): number | undefined;
}

const privateKeyOf = (key: string | KeyObject) =>
  typeof key === 'string' ? createPrivateKey(key) : key;

const hexBytes = (hex: string) => Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');

interface LiveSessionToken {
  key: Buffer;
  expiresAt: number;
}

/** OAuth 1.0a for the hosted service: obtains the access token when not given, establishes the
 * live session token by Diffie-Hellman (renewing it before it expires), and signs every request
 * HMAC-SHA256 with it. */
export function oauth1(options: OAuth1Options): OAuth1Provider {
  const clock = options.clock ?? systemClock;
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const realm = options.realm ?? 'limited_poa';
  const renewBeforeMs = options.renewBeforeMs ?? 10 * 60_000;
  const signatureKey = privateKeyOf(options.signatureKey);
  const encryptionKey = privateKeyOf(options.encryptionKey);
  const base = options.baseUrl.replace(/\/+$/, '');
  let access: Promise<{ token: string; secret: string }> | undefined =
    options.accessToken && options.accessTokenSecret
      ? Promise.resolve({ token: options.accessToken, secret: options.accessTokenSecret })
      : undefined;
  let live: Promise<LiveSessionToken> | undefined;
  let current: LiveSessionToken | undefined;

  function header(
    method: string,
    url: string,
    params: [string, string][],
    extra: Record<string, string>,
    signWith: (base: string) => string,
  ): string {
    const fields: Record<string, string> = {
      oauth_consumer_key: options.consumerKey,
      oauth_nonce: randomBytes(16).toString('hex'),
      oauth_timestamp: String(Math.floor(clock.now() / 1000)),
      ...extra,
    };
    const signature = signWith(baseString(method, url, [...Object.entries(fields), ...params]));
    return authorizationHeader({ realm, ...fields, oauth_signature: signature });
  }

  /** POSTs one of the RSA-SHA256-signed token requests; answers its JSON. */
  async function tokenRequest(
    path: string,
    extra: Record<string, string>,
    prepend = '',
  ): Promise<Record<string, unknown>> {
    const url = `${base}${path}`;
    const authorization = header(
      'POST',
      url,
      [],
      { ...extra, oauth_signature_method: 'RSA-SHA256' },
      (text) => signRsaSha256(text, signatureKey, prepend),
    );
    const response = await send(new Request(url, { method: 'POST', headers: { authorization } }));
    if (!response.ok) throw new Error(`OAuth 1.0a: ${path} answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  }

  async function obtainAccessToken(): Promise<{ token: string; secret: string }> {
    const requestToken = String(
      (await tokenRequest('/v1/api/oauth/request_token', { oauth_callback: 'oob' })).oauth_token,
    );
    const verifier = await options.authorize?.(requestToken);
    const answer = await tokenRequest('/v1/api/oauth/access_token', {
      oauth_token: requestToken,
      ...(verifier ? { oauth_verifier: verifier } : {}),
    });
    return { token: String(answer.oauth_token), secret: String(answer.oauth_token_secret) };
  }

  async function createLiveSessionToken(): Promise<LiveSessionToken> {
    access ??= obtainAccessToken();
    const { token, secret } = await access.catch((error: unknown) => {
      access = undefined;
      throw error;
    });
    const secretBytes = decryptPkcs1v15(encryptionKey, Buffer.from(secret, 'base64'));
    const dh = createDiffieHellman(hexBytes(options.dhPrime), Buffer.from([2]));
    dh.setPrivateKey(randomBytes(32));
    dh.generateKeys();
    const answer = await tokenRequest(
      '/v1/api/oauth/live_session_token',
      { oauth_token: token, diffie_hellman_challenge: dh.getPublicKey('hex') },
      secretBytes.toString('hex'),
    );
    const shared = dh.computeSecret(hexBytes(String(answer.diffie_hellman_response)));
    const key = deriveLiveSessionToken(shared, secretBytes);
    const check = Buffer.from(liveSessionTokenSignature(key, options.consumerKey), 'hex');
    const expected = Buffer.from(String(answer.live_session_token_signature), 'hex');
    if (check.length !== expected.length || !timingSafeEqual(check, expected)) {
      throw new Error('OAuth 1.0a: the live session token does not match the server signature');
    }
    const created = { key, expiresAt: Number(answer.live_session_token_expiration) };
    current = created;
    if (options.openBrokerageSession !== false) {
      const init = new Request(`${base}/v1/api/iserver/auth/ssodh/init`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ publish: true, compete: true }),
      });
      await send(await signRequest(init, created.key, token));
    }
    return created;
  }

  function forget(): void {
    current = undefined;
    live = undefined;
  }

  /** The live session token, made or renewed (once, however many requests wait) when needed. */
  function liveSessionToken(): Promise<LiveSessionToken> {
    if (current && clock.now() >= current.expiresAt - renewBeforeMs) forget();
    live ??= createLiveSessionToken().catch((error: unknown) => {
      live = undefined;
      throw error;
    });
    return live;
  }

  async function signRequest(request: Request, key: Buffer, token: string): Promise<Request> {
    const url = new URL(request.url);
    const params: [string, string][] = [...url.searchParams];
    if (
      (request.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded')
    ) {
      params.push(...new URLSearchParams(await request.clone().text()));
    }
    const authorization = header(
      request.method,
      `${url.protocol}//${url.host}${url.pathname}`,
      params,
      { oauth_token: token, oauth_signature_method: 'HMAC-SHA256' },
      (text) => signHmacSha256(text, key),
    );
    const headers = new Headers(request.headers);
    headers.set('authorization', authorization);
    return new Request(request, { headers });
  }

  return {
    async authorize(request) {
      const { key } = await liveSessionToken();
      const { token } = await (access ?? Promise.reject(new Error('OAuth 1.0a: no access token')));
      return signRequest(request, key, token);
    },
    async refresh() {
      // Several requests may fail at once: only the first starts a new token, the rest wait for it.
      if (current) forget();
      await liveSessionToken();
      return true;
    },
    accessToken() {
      access ??= obtainAccessToken();
      return access;
    },
    expiresAt: () => current?.expiresAt,
  };
}

import type { AuthStore } from '../store-view.js';
import type { Schema } from '@brokerage/types';
import { deriveLiveSessionToken, liveSessionTokenSignature } from '@brokerage/types/oauth1';
import { publicEncrypt, randomBytes, constants } from 'node:crypto';
import type { AreaContext } from '../../accounts/brokerage.js';
import { forbidden, unauthorized } from '../../kernel/errors.js';
import { secretHex } from '../../kernel/secrets.js';
import type { Session } from '../../accounts/sessions.js';
import type { Consumer, ConsumerRegistry } from './consumers.js';
import { exchange } from './diffie-hellman.js';
import type { LiveSessionTokenRecord, OAuthToken } from './records.js';
import { admitNonce, checkTimestamp } from './nonces.js';
import {
  parseOAuthHeader,
  verifyHmacSha256Request,
  verifyRsaSha256Request,
  type SignedRequest,
} from './signature.js';

/** A request token must be authorized and exchanged within this time. */
export const requestTokenLifetimeMs = 10 * 60_000;
/** A live session token lives 24 hours on the server's clock. */
export const liveSessionTokenLifetimeMs = 24 * 60 * 60_000;

interface Verified {
  consumer: Consumer;
  fields: Map<string, string>;
}

export type OAuth1Context = AreaContext<'clock', 'sessions' | 'user', AuthStore>;

/** The three-legged OAuth 1.0a flow and the HMAC-signed requests that follow it. */
export class OAuth1 {
  constructor(
    private readonly context: OAuth1Context,
    readonly consumers: ConsumerRegistry,
  ) {}

  private get tokens() {
    return this.context.store.collection('oauthTokens');
  }
  private get liveTokens() {
    return this.context.store.collection('liveSessionTokens');
  }

  /** Step 1: a request token; authorized at once for a consumer that authorizes automatically. */
  requestToken(request: SignedRequest): { oauth_token: string } {
    const { consumer, fields } = this.verifySigned(request, 'RSA-SHA256', () => undefined);
    const token: OAuthToken = {
      token: secretHex(10),
      kind: 'request',
      consumerKey: consumer.consumerKey,
      callback: fields.get('oauth_callback') ?? 'oob',
      expiresAt: this.context.clock.now() + requestTokenLifetimeMs,
    };
    if (consumer.authorizesAutomatically) token.username = consumer.authorizesAutomatically;
    this.tokens.set(token.token, token);
    return { oauth_token: token.token };
  }

  /** The authorization page: `username` grants the request token; answers the verifier. */
  authorize(requestToken: string, username: string): { verifier: string; callback: string } {
    const token = this.liveRequestToken(requestToken);
    if (!this.context.accounts.user(username)) throw unauthorized(`unknown user ${username}`);
    if (!this.consumers.get(token.consumerKey)?.users.includes(username))
      throw forbidden(`${token.consumerKey} may not act for ${username}`);
    const verifier = secretHex(10);
    this.tokens.set(token.token, { ...token, username, verifier });
    return { verifier, callback: token.callback ?? 'oob' };
  }

  /** Step 2: the authorized request token for an access token and its secret, encrypted with the
   * consumer's public encryption key (RSA PKCS#1 v1.5). */
  accessToken(request: SignedRequest): Schema<'OAuthAccessTokenResponse'> {
    const { consumer, fields } = this.verifySigned(request, 'RSA-SHA256', (fields, consumer) => {
      const token = this.liveRequestToken(fields.get('oauth_token') ?? '');
      if (token.consumerKey !== consumer.consumerKey || token.username === undefined) {
        throw unauthorized('request token not authorized');
      }
      if (token.verifier !== undefined && fields.get('oauth_verifier') !== token.verifier) {
        throw unauthorized('wrong oauth_verifier');
      }
      return undefined;
    });
    const requestToken = this.liveRequestToken(fields.get('oauth_token') ?? '');
    this.tokens.set(requestToken.token, { ...requestToken, used: true });
    const secret = randomBytes(32);
    const access: OAuthToken = {
      token: secretHex(10),
      kind: 'access',
      consumerKey: consumer.consumerKey,
      username: requestToken.username ?? '',
      secretHex: secret.toString('hex'),
    };
    this.tokens.set(access.token, access);
    const encrypted = publicEncrypt(
      { key: consumer.encryptionKey, padding: constants.RSA_PKCS1_PADDING },
      secret,
    );
    // The simulated users all trade live accounts.
    return {
      is_paper: false,
      oauth_token: access.token,
      oauth_token_secret: encrypted.toString('base64'),
    };
  }

  /** Step 3: the Diffie-Hellman exchange. Opens a session (brokerage not yet open) for the access
   * token's user, replacing the one of its previous live session token. */
  liveSessionToken(request: SignedRequest): {
    diffie_hellman_response: string;
    live_session_token_signature: string;
    live_session_token_expiration: number;
  } {
    const { consumer, fields } = this.verifySigned(request, 'RSA-SHA256', (fields, consumer) => {
      const access = this.accessTokenOf(fields, consumer);
      if (!/^[0-9a-fA-F]{1,1024}$/.test(fields.get('diffie_hellman_challenge') ?? '')) {
        throw unauthorized('missing or malformed diffie_hellman_challenge');
      }
      return access.secretHex;
    });
    const access = this.accessTokenOf(fields, consumer);
    let shared;
    try {
      shared = exchange(consumer.dhPrime, fields.get('diffie_hellman_challenge') ?? '');
    } catch {
      throw unauthorized('invalid diffie_hellman_challenge');
    }
    const token = deriveLiveSessionToken(
      shared.secret,
      Buffer.from(access.secretHex ?? '', 'hex'),
    ).toString('base64');
    const user = this.context.accounts.user(access.username ?? '');
    if (!user) throw unauthorized('the access token user no longer exists');
    const previous = this.liveTokens.get(access.token);
    const previousSession = previous && this.context.accounts.sessions.find(previous.sessionId);
    if (previousSession) this.context.accounts.sessions.end(previousSession);
    const session = this.context.accounts.sessions.open(user, {
      origin: 'oauth1',
      brokerageOpen: false,
    });
    const expiresAt = this.context.clock.now() + liveSessionTokenLifetimeMs;
    this.liveTokens.set(access.token, {
      accessToken: access.token,
      token,
      expiresAt,
      sessionId: session.id,
    });
    return {
      diffie_hellman_response: shared.response,
      live_session_token_signature: liveSessionTokenSignature(
        Buffer.from(token, 'base64'),
        consumer.consumerKey,
      ),
      live_session_token_expiration: expiresAt,
    };
  }

  /** A later request: undefined without an OAuth header; its session when the HMAC-SHA256
   * signature made with the live session token checks out; otherwise 401. */
  authenticate(request: SignedRequest): Session | undefined {
    if (parseOAuthHeader(request.authorization) === undefined) return undefined;
    const { consumer, fields } = this.verifySigned(request, 'HMAC-SHA256', (fields, consumer) =>
      Buffer.from(this.liveTokenOf(fields, consumer).token, 'base64'),
    );
    const session = this.context.accounts.sessions.find(
      this.liveTokenOf(fields, consumer).sessionId,
    );
    if (!session) throw unauthorized('the session of this live session token has ended');
    return session;
  }

  /** The live session an access token's live session token stands for (the streaming socket's
   * `oauth_token` query parameter, which carries no signature); undefined when there is none,
   * or it expired or its session ended. */
  sessionOfAccessToken(accessToken: string): Session | undefined {
    const record = this.liveTokens.get(accessToken);
    if (!record || this.context.clock.now() >= record.expiresAt) return undefined;
    return this.context.accounts.sessions.find(record.sessionId);
  }

  /** Parses and checks the header: method, consumer, timestamp, then (with what `prepare`
   * answers: the RSA prepend or the HMAC key) the signature, and last the nonce. */
  private verifySigned(
    request: SignedRequest,
    method: 'RSA-SHA256' | 'HMAC-SHA256',
    prepare: (fields: Map<string, string>, consumer: Consumer) => string | Buffer | undefined,
  ): Verified {
    const fields = parseOAuthHeader(request.authorization);
    if (!fields) throw unauthorized('missing or unparseable OAuth authorization header');
    if (fields.get('oauth_signature_method') !== method)
      throw unauthorized(`oauth_signature_method must be ${method}`);
    const consumer = this.consumers.get(fields.get('oauth_consumer_key') ?? '');
    if (!consumer) throw unauthorized('unknown consumer');
    checkTimestamp(this.context.clock, fields);
    const material = prepare(fields, consumer);
    const valid =
      method === 'HMAC-SHA256'
        ? Buffer.isBuffer(material) && verifyHmacSha256Request(request, fields, material)
        : verifyRsaSha256Request(
            request,
            fields,
            consumer.signatureKey,
            typeof material === 'string' ? material : '',
          );
    if (!valid) throw unauthorized('invalid OAuth signature');
    admitNonce(
      this.context.store.collection('oauthNonces'),
      this.context.clock,
      consumer.consumerKey,
      fields.get('oauth_nonce') ?? '',
    );
    return { consumer, fields };
  }

  private liveRequestToken(value: string): OAuthToken {
    const token = this.tokens.get(value);
    if (!token || token.kind !== 'request') throw unauthorized('unknown request token');
    if (token.used) throw unauthorized('request token already used');
    if ((token.expiresAt ?? 0) <= this.context.clock.now())
      throw unauthorized('request token expired');
    return token;
  }

  private liveTokenOf(fields: Map<string, string>, consumer: Consumer): LiveSessionTokenRecord {
    const record = this.liveTokens.get(this.accessTokenOf(fields, consumer).token);
    if (!record) throw unauthorized('no live session token for this access token');
    if (this.context.clock.now() >= record.expiresAt)
      throw unauthorized('live session token expired');
    return record;
  }

  private accessTokenOf(fields: Map<string, string>, consumer: Consumer): OAuthToken {
    const token = this.tokens.get(fields.get('oauth_token') ?? '');
    if (!token || token.kind !== 'access' || token.consumerKey !== consumer.consumerKey) {
      throw unauthorized('unknown access token');
    }
    return token;
  }
}

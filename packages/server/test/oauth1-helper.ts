import {
  authorizationHeader,
  baseString,
  decryptPkcs1v15,
  deriveLiveSessionToken,
  signHmacSha256,
  signRsaSha256,
} from '@brokerage/types/oauth1';
import { createDiffieHellman, createPrivateKey, randomBytes } from 'node:crypto';
import { testConsumerKeys } from '../src/fixtures/test-consumer.js';
import type { Answer, Harness } from './harness.js';

export const testConsumer = testConsumerKeys;

export type Signing = { rsa: true; prepend?: string } | { hmac: Buffer };

/** A test-side OAuth 1.0a consumer with full control over every header field. */
export class TestConsumer {
  nonce = 0;
  accessToken = '';
  secret: Buffer = Buffer.alloc(0);
  liveSessionToken: Buffer = Buffer.alloc(0);
  readonly signatureKey = createPrivateKey(testConsumer.oauth1.signaturePrivateKey);

  constructor(
    private readonly server: Harness,
    readonly consumerKey = testConsumer.oauth1.consumerKey,
  ) {}

  header(
    method: string,
    path: string,
    extra: Record<string, string>,
    signing: Signing,
    overrides: Record<string, string> = {},
  ): string {
    const fields: Record<string, string> = {
      oauth_consumer_key: this.consumerKey,
      oauth_nonce: `nonce${++this.nonce}`,
      oauth_signature_method: 'rsa' in signing ? 'RSA-SHA256' : 'HMAC-SHA256',
      oauth_timestamp: String(Math.floor(this.server.clock.now() / 1000)),
      ...extra,
      ...overrides,
    };
    const [urlPath = '', query = ''] = path.split('?');
    const params: [string, string][] = [...Object.entries(fields), ...new URLSearchParams(query)];
    const base = baseString(method, this.server.baseUrl + urlPath, params);
    const signature =
      'rsa' in signing
        ? signRsaSha256(base, this.signatureKey, signing.prepend)
        : signHmacSha256(base, signing.hmac);
    return authorizationHeader({
      realm: testConsumer.oauth1.realm,
      ...fields,
      oauth_signature: overrides.oauth_signature ?? signature,
    });
  }

  call(method: string, path: string, authorization: string, body?: unknown): Promise<Answer> {
    return this.server.call(method, path, {
      headers: { authorization },
      ...(body === undefined ? {} : { body }),
    });
  }

  async requestToken(): Promise<string> {
    const answer = await this.call(
      'POST',
      '/v1/api/oauth/request_token',
      this.header('POST', '/v1/api/oauth/request_token', { oauth_callback: 'oob' }, { rsa: true }),
    );
    if (answer.status !== 200) throw new Error(`request_token ${answer.status}`);
    return answer.body.oauth_token as string;
  }

  /** The second leg; stores the token and its decrypted secret, and answers the server's answer. */
  async obtainAccessToken(verifier?: string): Promise<Answer> {
    const requestToken = await this.requestToken();
    const path = '/v1/api/oauth/access_token';
    const extra = { oauth_token: requestToken, ...(verifier ? { oauth_verifier: verifier } : {}) };
    const answer = await this.call('POST', path, this.header('POST', path, extra, { rsa: true }));
    if (answer.status !== 200) throw new Error(`access_token ${answer.status}`);
    this.accessToken = answer.body.oauth_token;
    this.secret = decryptPkcs1v15(
      testConsumer.oauth1.encryptionPrivateKey,
      Buffer.from(answer.body.oauth_token_secret, 'base64'),
    );
    return answer;
  }

  /** The DH exchange; answers the server's answer and stores the computed token. */
  async createLiveSessionToken(): Promise<Answer> {
    const dh = createDiffieHellman(
      Buffer.from(testConsumer.oauth1.dhPrime, 'hex'),
      Buffer.from([2]),
    );
    dh.setPrivateKey(randomBytes(32));
    dh.generateKeys();
    const path = '/v1/api/oauth/live_session_token';
    const extra = {
      oauth_token: this.accessToken,
      diffie_hellman_challenge: dh.getPublicKey('hex'),
    };
    const answer = await this.call(
      'POST',
      path,
      this.header('POST', path, extra, { rsa: true, prepend: this.secret.toString('hex') }),
    );
    if (answer.status === 200) {
      const b = String(answer.body.diffie_hellman_response);
      const k = dh.computeSecret(Buffer.from(b.length % 2 ? `0${b}` : b, 'hex'));
      this.liveSessionToken = deriveLiveSessionToken(k, this.secret);
    }
    return answer;
  }

  /** A brokerage request signed HMAC-SHA256 with the live session token. */
  signed(
    method: string,
    path: string,
    body?: unknown,
    overrides: Record<string, string> = {},
  ): Promise<Answer> {
    const header = this.header(
      method,
      path,
      { oauth_token: this.accessToken },
      { hmac: this.liveSessionToken },
      overrides,
    );
    return this.call(method, path, header, body);
  }
}

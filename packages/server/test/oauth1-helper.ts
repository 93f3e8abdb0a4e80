import {
  constants,
  createDiffieHellman,
  createHmac,
  createPrivateKey,
  privateDecrypt,
  randomBytes,
  sign,
} from 'node:crypto';
import { baseString, percentEncode } from '../src/domain/auth/oauth1/signature.js';
import { signedBytes } from '../src/domain/auth/oauth1/diffie-hellman.js';
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
        ? sign('sha256', Buffer.from((signing.prepend ?? '') + base), this.signatureKey).toString(
            'base64',
          )
        : createHmac('sha256', signing.hmac).update(base).digest('base64');
    const all = {
      realm: testConsumer.oauth1.realm,
      ...fields,
      oauth_signature: overrides.oauth_signature ?? signature,
    };
    return `OAuth ${Object.entries(all)
      .map(([k, v]) => `${k}="${percentEncode(v)}"`)
      .join(', ')}`;
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
    this.secret = decryptPkcs1(
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
      this.liveSessionToken = createHmac('sha1', signedBytes(k)).update(this.secret).digest();
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

/** RSA PKCS#1 v1.5 decryption done by hand: Node 20 refuses that padding in privateDecrypt. */
export function decryptPkcs1(privateKeyPem: string, ciphertext: Buffer): Buffer {
  const block = privateDecrypt(
    { key: privateKeyPem, padding: constants.RSA_NO_PADDING },
    ciphertext,
  );
  const separator = block.indexOf(0, 2);
  if (block[0] !== 0 || block[1] !== 2 || separator < 10)
    throw new Error('bad PKCS#1 v1.5 padding');
  return block.subarray(separator + 1);
}

// The OAuth 1.0a signer shared by the client and the reference server: the published test
// vectors of RFC 5849 and OAuth Core 1.0a, and known answers computed apart (with openssl) for the
// brokerage's HMAC-SHA256 and live session token.
import { generateKeyPairSync } from 'node:crypto';
import {
  authorizationHeader,
  baseString,
  deriveLiveSessionToken,
  liveSessionTokenSignature,
  parseOAuthHeader,
  percentEncode,
  signHmacSha256,
  signRsaSha256,
  signedBytes,
  verifyHmacSha256,
  verifyRsaSha256,
} from '../src/oauth1/index.js';

/** RFC 5849 section 3.4.1.1: the request of its example, as query, form and OAuth parameters. */
const rfcRequest = {
  url: 'http://example.com/request',
  params: [
    ...new URLSearchParams('b5=%3D%253D&a3=a&c%40=&a2=r%20b'),
    ...new URLSearchParams('c2&a3=2+q'),
    ['oauth_consumer_key', '9djdj82h48djs9d2'],
    ['oauth_token', 'kkk9d7dh3k39sjv7'],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', '137131201'],
    ['oauth_nonce', '7d8f3e4a'],
  ] as [string, string][],
};
const rfcBaseString =
  'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7';

const liveToken = Buffer.from('00112233445566778899aabbccddeeff00112233', 'hex');

describe('percentEncode (RFC 5849 section 3.6)', () => {
  it.each([
    ['abcABC123', 'abcABC123'],
    ['-._~', '-._~'],
    ['%', '%25'],
    ['+', '%2B'],
    ['&=*', '%26%3D%2A'],
    ["!'()", '%21%27%28%29'],
    ['\n', '%0A'],
    [' ', '%20'],
    ['\u007F', '%7F'],
    ['\u0080', '%C2%80'],
    ['\u3001', '%E3%80%81'],
  ])('%j → %s', (value, encoded) => {
    expect(percentEncode(value)).toBe(encoded);
  });
});

describe('baseString', () => {
  it('is the base string of RFC 5849 section 3.4.1.1 (repeated names sorted by value)', () => {
    expect(baseString('post', rfcRequest.url, rfcRequest.params)).toBe(rfcBaseString);
  });

  it('is the base string of OAuth Core 1.0a appendix A.5.1', () => {
    const params: [string, string][] = [
      ['file', 'vacation.jpg'],
      ['size', 'original'],
      ['oauth_consumer_key', 'dpf43f3p2l4k3l03'],
      ['oauth_token', 'nnch734d00sl2jdk'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '1191242096'],
      ['oauth_nonce', 'kllo9940pd9333jh'],
      ['oauth_version', '1.0'],
    ];
    expect(baseString('GET', 'http://photos.example.net/photos', params)).toBe(
      'GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3Dkllo9940pd9333jh%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1191242096%26oauth_token%3Dnnch734d00sl2jdk%26oauth_version%3D1.0%26size%3Doriginal',
    );
  });
});

describe('the Authorization header', () => {
  it('is read back field for field, in order, whatever the values hold', () => {
    const fields = { realm: 'limited_poa', oauth_nonce: 'a b', oauth_signature: 'x+/=,"' };
    const header = authorizationHeader(fields);
    expect(header).toBe(
      'OAuth realm="limited_poa", oauth_nonce="a%20b", oauth_signature="x%2B%2F%3D%2C%22"',
    );
    expect(Object.fromEntries(parseOAuthHeader(header) ?? [])).toEqual(fields);
  });

  it('is undefined for another scheme and null when it cannot be read', () => {
    expect(parseOAuthHeader(undefined)).toBeUndefined();
    expect(parseOAuthHeader('Bearer abc')).toBeUndefined();
    expect(parseOAuthHeader('OAuth ')).toBeNull();
    expect(parseOAuthHeader('OAuth realm=unquoted')).toBeNull();
    expect(parseOAuthHeader('OAuth realm="%E0%A4%A"')).toBeNull();
  });
});

describe('signatures', () => {
  it('HMAC-SHA256 keyed with the live session token is the known answer, and verifies', () => {
    const signature = signHmacSha256(rfcBaseString, liveToken);
    expect(signature).toBe('YKUNGe7RnNOP3OzIQgjczJ3lixKZmfS2wMb8PYXcT/Q=');
    expect(verifyHmacSha256(rfcBaseString, signature, liveToken)).toBe(true);
    expect(verifyHmacSha256(`${rfcBaseString}x`, signature, liveToken)).toBe(false);
    expect(verifyHmacSha256(rfcBaseString, 'c2hvcnQ=', liveToken)).toBe(false);
  });

  it('RSA-SHA256 verifies with the public key, only over the same prepend and base string', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const signature = signRsaSha256(rfcBaseString, privateKey, 'abcd');
    expect(verifyRsaSha256(rfcBaseString, signature, publicKey, 'abcd')).toBe(true);
    expect(verifyRsaSha256(rfcBaseString, signature, publicKey)).toBe(false);
    expect(verifyRsaSha256(`${rfcBaseString}x`, signature, publicKey, 'abcd')).toBe(false);
  });
});

describe('the live session token', () => {
  it.each([
    ['00007f', '7f'],
    ['80', '0080'],
    ['000080', '0080'],
    ['00', '00'],
  ])('K %s is written %s, as Java BigInteger.toByteArray()', (value, written) => {
    expect(signedBytes(Buffer.from(value, 'hex')).toString('hex')).toBe(written);
  });

  it('is HMAC-SHA1 keyed with K signed, over the access token secret (known answer)', () => {
    const token = deriveLiveSessionToken(Buffer.from('800102', 'hex'), Buffer.from('secret'));
    expect(token.toString('hex')).toBe('9264c7b02c72ade2c3eb55f704ffc561000c660c');
  });

  it('signs the consumer key as the server answers it (known answer)', () => {
    expect(liveSessionTokenSignature(liveToken, 'consumer')).toBe(
      '4db8bced9698cea4064e284e008c910bc5bcc92e',
    );
  });
});

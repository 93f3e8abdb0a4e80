// OAuth 1.0a request signatures as the brokerage uses them (RFC 5849 section 3.4): one text for
// the client that signs and the reference server that verifies, so the two cannot drift apart.
import { createHmac, sign, timingSafeEqual, verify, type KeyObject } from 'node:crypto';

/** RFC 3986 percent-encoding, as OAuth 1.0a requires (stricter than encodeURIComponent). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The signature base string: METHOD&url&sorted parameters, each percent-encoded. `url` is
 * `scheme://host[:port]/path` without query; `params` are the OAuth fields (but `realm` and
 * `oauth_signature`), the query and the form parameters, decoded. */
export function baseString(method: string, url: string, params: [string, string][]): string {
  const encoded = params
    .map(([key, value]) => [percentEncode(key), percentEncode(value)] as const)
    .sort(([ka, va], [kb, vb]) => (ka === kb ? (va < vb ? -1 : va > vb ? 1 : 0) : ka < kb ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return [method.toUpperCase(), percentEncode(url), percentEncode(encoded)].join('&');
}

/** An `Authorization: OAuth ...` header of these fields, in this order, each percent-encoded. */
export function authorizationHeader(fields: Record<string, string>): string {
  return `OAuth ${Object.entries(fields)
    .map(([key, value]) => `${key}="${percentEncode(value)}"`)
    .join(', ')}`;
}

/** The fields of an `Authorization: OAuth ...` header, percent-decoded; undefined when the header
 * is not of the OAuth scheme, and null when it is but cannot be parsed. */
export function parseOAuthHeader(
  header: string | undefined,
): Map<string, string> | undefined | null {
  if (header === undefined || !/^OAuth\s/i.test(header)) return undefined;
  const fields = new Map<string, string>();
  const rest = header.replace(/^OAuth\s+/i, '').trim();
  if (rest === '') return null;
  for (const part of rest.split(',')) {
    const match = /^\s*([A-Za-z0-9_.~-]+)="([^"]*)"\s*$/.exec(part);
    if (!match?.[1] || match[2] === undefined) return null;
    try {
      fields.set(match[1], decodeURIComponent(match[2]));
    } catch {
      return null;
    }
  }
  return fields;
}

/** RSA-SHA256 (PKCS#1 v1.5) of the base string, base64: the token requests. The live session
 * token request signs the access token secret's hex followed by the base string (`prepend`). */
export function signRsaSha256(base: string, privateKey: KeyObject, prepend = ''): string {
  return sign('sha256', Buffer.from(prepend + base, 'utf8'), privateKey).toString('base64');
}

/** Whether `signature` (base64) is the RSA-SHA256 signature of the base string. */
export function verifyRsaSha256(
  base: string,
  signature: string,
  publicKey: KeyObject,
  prepend = '',
): boolean {
  return verify(
    'sha256',
    Buffer.from(prepend + base, 'utf8'),
    publicKey,
    Buffer.from(signature, 'base64'),
  );
}

/** HMAC-SHA256 of the base string keyed with the live session token's bytes, base64: every
 * request after the token requests. (The key is the token itself, not RFC 5849's
 * `consumer_secret&token_secret`.) */
export function signHmacSha256(base: string, key: Buffer): string {
  return createHmac('sha256', key).update(base, 'utf8').digest('base64');
}

/** Whether `signature` (base64) is the HMAC-SHA256 of the base string, compared in constant time. */
export function verifyHmacSha256(base: string, signature: string, key: Buffer): boolean {
  const expected = createHmac('sha256', key).update(base, 'utf8').digest();
  const given = Buffer.from(signature, 'base64');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

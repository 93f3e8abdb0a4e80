import { createHmac, timingSafeEqual, verify, type KeyObject } from 'node:crypto';

/** RFC 3986 percent-encoding, as OAuth 1.0a requires (stricter than encodeURIComponent). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
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

/** The request as the signature covers it: method, URL without query, and every parameter
 * (OAuth header fields, query and form parameters). */
export interface SignedRequest {
  method: string;
  /** `scheme://host[:port]/path`: the candidates the client may have signed (http and https). */
  urls: string[];
  /** Query and form parameters. */
  params: [string, string][];
  authorization: string | undefined;
}

/** The OAuth 1.0a signature base string: METHOD&url&sorted parameters, each percent-encoded. */
export function baseString(method: string, url: string, params: [string, string][]): string {
  const encoded = params
    .map(([key, value]) => [percentEncode(key), percentEncode(value)] as const)
    .sort(([ka, va], [kb, vb]) => (ka === kb ? (va < vb ? -1 : va > vb ? 1 : 0) : ka < kb ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return [method.toUpperCase(), percentEncode(url), percentEncode(encoded)].join('&');
}

/** The parameters the signature covers: header fields but `realm` and `oauth_signature`. */
export function coveredParams(
  fields: Map<string, string>,
  request: SignedRequest,
): [string, string][] {
  const header = [...fields].filter(([key]) => key !== 'realm' && key !== 'oauth_signature');
  return [...header, ...request.params];
}

/** Whether an RSA-SHA256 (PKCS#1 v1.5) signature matches any of the request's base strings. */
export function verifyRsaSha256(
  request: SignedRequest,
  fields: Map<string, string>,
  key: KeyObject,
  prepend = '',
): boolean {
  const signature = Buffer.from(fields.get('oauth_signature') ?? '', 'base64');
  return request.urls.some((url) => {
    const base = prepend + baseString(request.method, url, coveredParams(fields, request));
    return verify('sha256', Buffer.from(base, 'utf8'), key, signature);
  });
}

/** Whether an HMAC-SHA256 signature keyed with `key` matches any of the request's base strings. */
export function verifyHmacSha256(
  request: SignedRequest,
  fields: Map<string, string>,
  key: Buffer,
): boolean {
  const signature = Buffer.from(fields.get('oauth_signature') ?? '', 'base64');
  return request.urls.some((url) => {
    const base = baseString(request.method, url, coveredParams(fields, request));
    const expected = createHmac('sha256', key).update(base, 'utf8').digest();
    return expected.length === signature.length && timingSafeEqual(expected, signature);
  });
}

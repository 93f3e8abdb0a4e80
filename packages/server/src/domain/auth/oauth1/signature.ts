// The server's side of the signatures: which request was signed, and whether any URL the client
// may have signed it for checks out. The signing itself is @brokerage/types/oauth1, shared with
// the client.
import { baseString, verifyHmacSha256, verifyRsaSha256 } from '@brokerage/types/oauth1';
import type { KeyObject } from 'node:crypto';

export { parseOAuthHeader } from '@brokerage/types/oauth1';

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

/** The parameters the signature covers: header fields but `realm` and `oauth_signature`. */
export function coveredParams(
  fields: Map<string, string>,
  request: SignedRequest,
): [string, string][] {
  const header = [...fields].filter(([key]) => key !== 'realm' && key !== 'oauth_signature');
  return [...header, ...request.params];
}

/** The base strings of the request, one per candidate URL. */
const baseStrings = (request: SignedRequest, fields: Map<string, string>) =>
  request.urls.map((url) => baseString(request.method, url, coveredParams(fields, request)));

/** Whether an RSA-SHA256 (PKCS#1 v1.5) signature matches any of the request's base strings. */
export function verifyRsaSha256Request(
  request: SignedRequest,
  fields: Map<string, string>,
  key: KeyObject,
  prepend = '',
): boolean {
  const signature = fields.get('oauth_signature') ?? '';
  return baseStrings(request, fields).some((base) =>
    verifyRsaSha256(base, signature, key, prepend),
  );
}

/** Whether an HMAC-SHA256 signature keyed with `key` matches any of the request's base strings. */
export function verifyHmacSha256Request(
  request: SignedRequest,
  fields: Map<string, string>,
  key: Buffer,
): boolean {
  const signature = fields.get('oauth_signature') ?? '';
  return baseStrings(request, fields).some((base) => verifyHmacSha256(base, signature, key));
}

import type { SignedRequest } from '../domain/auth/oauth1/signature.js';

interface RawRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
}

const defaultPorts: Record<string, string> = { http: ':80', https: ':443' };

/** The parts of an HTTP request an OAuth 1.0a signature covers. The scheme is not known behind
 * proxies, so both `http` and `https` forms of the URL are candidates. */
export function signedRequestOf(request: RawRequest): SignedRequest {
  const [path = '/', query = ''] = request.url.split('?', 2);
  const host = String(request.headers.host ?? '').toLowerCase();
  const urls = ['http', 'https'].map((scheme) => {
    const port = defaultPorts[scheme] ?? '';
    return `${scheme}://${host.endsWith(port) ? host.slice(0, -port.length) : host}${path}`;
  });
  const params: [string, string][] = [...new URLSearchParams(query)];
  const contentType = String(request.headers['content-type'] ?? '');
  if (
    contentType.startsWith('application/x-www-form-urlencoded') &&
    request.body &&
    typeof request.body === 'object'
  ) {
    for (const [key, value] of Object.entries(request.body as Record<string, unknown>)) {
      for (const item of Array.isArray(value) ? value : [value]) params.push([key, String(item)]);
    }
  }
  const authorization = request.headers.authorization;
  return {
    method: request.method,
    urls,
    params,
    authorization: Array.isArray(authorization) ? authorization[0] : authorization,
  };
}

/** `scheme://host` of the request, as the client addressed it. */
export function originOf(headers: Record<string, string | string[] | undefined>): string {
  const proto =
    String(headers['x-forwarded-proto'] ?? 'http')
      .split(',')[0]
      ?.trim() ?? 'http';
  return `${proto}://${String(headers.host ?? 'localhost')}`;
}

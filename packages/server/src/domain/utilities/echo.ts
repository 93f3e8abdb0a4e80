export type SecurityPolicy = 'HTTPS' | 'SIGNED_JWT';

export interface EchoView {
  requestMethod: 'GET' | 'POST' | 'PATCH' | 'PUT';
  securityPolicy: SecurityPolicy;
  queryParameters: Record<string, string | string[]>;
}

/** What the service saw of an echo request: its method, the policy it passed, and the query
 * parameters of its URL as received (a repeated name keeps every value, in order). */
export function echoView(
  method: EchoView['requestMethod'],
  securityPolicy: SecurityPolicy,
  url: string,
): EchoView {
  const queryParameters: Record<string, string | string[]> = {};
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  for (const [name, value] of new URLSearchParams(query)) {
    const previous = queryParameters[name];
    queryParameters[name] = previous === undefined ? value : [previous, value].flat();
  }
  return { requestMethod: method, securityPolicy, queryParameters };
}

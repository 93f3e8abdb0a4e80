import type { AuthProvider } from './types.js';

type Secret = string | (() => string | Promise<string>);

const read = (secret: Secret) => (typeof secret === 'function' ? secret() : secret);

function withHeader(request: Request, name: string, value: string): Request {
  const headers = new Headers(request.headers);
  headers.set(name, value);
  return new Request(request, { headers });
}

/** No credentials: the local gateway holds the session (gateway mode). */
export function noAuth(): AuthProvider {
  return { authorize: (request) => request };
}

/** The `api` session cookie (the ping's `session` value). Browsers do not let scripts set a
 * Cookie header: there, pass `credentials: 'include'` through `fetch` and let the browser send it. */
export function sessionCookie(sessionId: Secret): AuthProvider {
  return {
    async authorize(request) {
      return withHeader(request, 'cookie', `api=${await read(sessionId)}`);
    },
  };
}

/** A bearer token; `refresh` (optional) gets a new one after a 401 and answers whether it did. */
export function bearerToken(token: Secret, refresh?: () => Promise<boolean>): AuthProvider {
  return {
    async authorize(request) {
      return withHeader(request, 'authorization', `Bearer ${await read(token)}`);
    },
    ...(refresh ? { refresh } : {}),
  };
}

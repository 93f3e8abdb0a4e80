import { parse as parseCookies } from 'cookie';

/**
 * The session id the `api` cookie carries, undefined without the cookie. Clients send it in two
 * forms, and the service accepts both: the plain id (`api=<id>`, as the service sets it and as
 * OAuth clients send it), and a JSON object naming it (`api={"session":"<id>"}`, as ibind's
 * socket and other gateway clients send it). The one reader of the cookie, for HTTP and socket.
 */
export function sessionIdOfCookie(header: string | undefined): string | undefined {
  const value = parseCookies(header ?? '').api;
  if (value === undefined || !value.trimStart().startsWith('{')) return value;
  try {
    const named = (JSON.parse(value) as { session?: unknown }).session;
    // A JSON cookie without a string `session` names no session: looked up as given, it fails.
    return typeof named === 'string' ? named : value;
  } catch {
    return value;
  }
}

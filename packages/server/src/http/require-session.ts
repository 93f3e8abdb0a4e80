import { unauthorized } from '../domain/kernel/errors.js';
import type { Session } from '../domain/accounts/sessions.js';

/** The caller's session; the session gate sets it for every operation that needs one. */
export function requireSession(session: Session | undefined): Session {
  if (!session) throw unauthorized();
  return session;
}

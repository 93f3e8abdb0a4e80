import { unauthorized } from '../domain/errors.js';
import type { Session } from '../domain/sessions.js';

/** The caller's session; the session gate guarantees one for brokerage operations. */
export function requireSession(session: Session | undefined): Session {
  if (!session) throw unauthorized();
  return session;
}

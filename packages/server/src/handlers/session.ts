import { authStatusOf } from '../domain/auth-status.js';
import { unauthorized } from '../domain/errors.js';
import type { Session } from '../domain/sessions.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** The session gate guarantees a session for these operations. */
function sessionOf(session: Session | undefined): Session {
  if (!session) throw unauthorized();
  return session;
}

export const sessionHandlers = ({
  brokerage,
}: HandlerContext): HandlerGroup<'tickle' | 'getAuthStatus' | 'checkAuthStatus' | 'initBrokerageSession' | 'logout'> => ({
  tickle: ({ session }) => {
    const live = sessionOf(session);
    return {
      session: live.id,
      ssoExpires: brokerage.sessions.ssoRemainingMs(live),
      collission: false,
      userId: brokerage.userOf(live).userId,
      hmds: { error: 'no bridge' },
      iserver: { authStatus: authStatusOf(live) },
    };
  },
  getAuthStatus: ({ session }) => authStatusOf(sessionOf(session)),
  checkAuthStatus: ({ session }) => authStatusOf(sessionOf(session)),
  initBrokerageSession: ({ session }) => {
    const live = sessionOf(session);
    brokerage.sessions.openBrokerage(live);
    return authStatusOf(live);
  },
  logout: ({ session }) => {
    brokerage.sessions.end(sessionOf(session));
    return { status: true };
  },
});

import { authStatusOf } from '../domain/auth/auth-status.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { requireSession } from '../http/require-session.js';

export const sessionHandlers = ({
  brokerage,
}: HandlerContext): HandlerGroup<
  | 'tickle'
  | 'getAuthStatus'
  | 'checkAuthStatus'
  | 'initBrokerageSession'
  | 'reauthenticate'
  | 'logout'
> => ({
  tickle: ({ session }) => {
    const live = requireSession(session);
    return {
      session: live.id,
      ssoExpires: brokerage.sessions.ssoRemainingMs(live),
      collission: false,
      userId: brokerage.userOf(live).userId,
      hmds: { error: 'no bridge' },
      iserver: { authStatus: authStatusOf(live) },
    };
  },
  getAuthStatus: ({ session }) => authStatusOf(requireSession(session)),
  checkAuthStatus: ({ session }) => authStatusOf(requireSession(session)),
  initBrokerageSession: ({ session }) => {
    const live = requireSession(session);
    brokerage.sessions.openBrokerage(live);
    return authStatusOf(live);
  },
  reauthenticate: ({ session }) => {
    brokerage.sessions.openBrokerage(requireSession(session));
    return { message: 'triggered' };
  },
  logout: ({ session }) => {
    brokerage.sessions.end(requireSession(session));
    return { status: true };
  },
});

import {
  authStatusOf,
  logoutView,
  reauthenticationView,
  ssoValidationView,
  tickleView,
} from '../domain/accounts/session-views.js';
import type { Session } from '../domain/accounts/sessions.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { requireSession } from '../http/require-session.js';

export const sessionHandlers = ({
  brokerage,
}: HandlerContext): HandlerGroup<
  | 'tickle'
  | 'getTickle'
  | 'getAuthStatus'
  | 'checkAuthStatus'
  | 'initBrokerageSession'
  | 'reauthenticate'
  | 'logout'
  | 'validateSso'
> => {
  const tickle = ({ session }: { session: Session | undefined }) => {
    const live = requireSession(session);
    return tickleView(live, brokerage.userOf(live).userId, brokerage.sessions.ssoRemainingMs(live));
  };
  return {
    tickle,
    // Clients send the ping as GET too: the same answer.
    getTickle: tickle,
    getAuthStatus: ({ session }) => authStatusOf(requireSession(session)),
    checkAuthStatus: ({ session }) => authStatusOf(requireSession(session)),
    initBrokerageSession: ({ session }) => {
      return authStatusOf(brokerage.sessions.openBrokerage(requireSession(session)));
    },
    reauthenticate: ({ session }) => {
      brokerage.sessions.openBrokerage(requireSession(session));
      return reauthenticationView();
    },
    logout: ({ session }) => {
      brokerage.sessions.end(requireSession(session));
      return logoutView();
    },
    validateSso: ({ session }) => {
      const live = requireSession(session);
      const user = brokerage.userOf(live);
      return ssoValidationView(
        live,
        { userId: user.userId, username: user.username, isMaster: user.properties.includes('FA') },
        brokerage.sessions.ssoRemainingMs(live),
      );
    },
  };
};

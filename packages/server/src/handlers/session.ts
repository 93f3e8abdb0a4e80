import {
  authStatusOf,
  logoutView,
  reauthenticationView,
  ssoValidationView,
  tickleView,
} from '../domain/accounts/session-views.js';
import type { Session } from '../domain/accounts/sessions.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

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
  const tickle = ({ session }: { session: Session }) =>
    tickleView(
      session,
      brokerage.userOf(session).userId,
      brokerage.sessions.ssoRemainingMs(session),
    );
  return {
    tickle,
    // Clients send the ping as GET too: the same answer.
    getTickle: tickle,
    getAuthStatus: ({ session }) => authStatusOf(session),
    checkAuthStatus: ({ session }) => authStatusOf(session),
    initBrokerageSession: ({ session }) => authStatusOf(brokerage.sessions.openBrokerage(session)),
    reauthenticate: ({ session }) => {
      brokerage.sessions.openBrokerage(session);
      return reauthenticationView();
    },
    logout: ({ session }) => {
      brokerage.sessions.end(session);
      return logoutView();
    },
    validateSso: ({ session }) => {
      const user = brokerage.userOf(session);
      return ssoValidationView(
        session,
        { userId: user.userId, username: user.username, isMaster: user.properties.includes('FA') },
        brokerage.sessions.ssoRemainingMs(session),
      );
    },
  };
};

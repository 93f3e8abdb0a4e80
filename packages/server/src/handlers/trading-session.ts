import {
  authStatusOf,
  logoutView,
  ssoValidationView,
  tickleView,
} from '../domain/accounts/session-views.js';
import type { Session } from '../domain/accounts/sessions.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** The ping's answer for a session (`POST /tickle`, and the `GET` clients also send). */
export const pingOf =
  ({ brokerage }: Pick<HandlerContext, 'brokerage'>) =>
  ({ session }: { session: Session }) =>
    tickleView(
      session,
      brokerage.userOf(session).userId,
      brokerage.sessions.ssoRemainingMs(session),
    );

/** The brokerage session (tag Trading Session): opened, checked, kept alive, validated, ended. */
export const tradingSessionHandlers = ({
  brokerage,
}: HandlerContext): HandlerGroup<
  'tickle' | 'checkAuthStatus' | 'initBrokerageSession' | 'logout' | 'validateSso'
> => {
  return {
    tickle: pingOf({ brokerage }),
    checkAuthStatus: ({ session }) => authStatusOf(session),
    initBrokerageSession: ({ session }) => authStatusOf(brokerage.sessions.openBrokerage(session)),
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

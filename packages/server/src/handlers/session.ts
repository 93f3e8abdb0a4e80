import { authStatusOf, reauthenticationView } from '../domain/accounts/session-views.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { pingOf } from './trading-session.js';

/** Calls of the session the service answers that version 2.40 no longer describes (tag
 * Session): the ping and the authentication status by `GET`, and reauthentication. */
export const sessionHandlers = ({
  brokerage,
}: HandlerContext): HandlerGroup<'getTickle' | 'getAuthStatus' | 'reauthenticate'> => ({
  // Clients send the ping as GET too: the same answer.
  getTickle: pingOf({ brokerage }),
  getAuthStatus: ({ session }) => authStatusOf(session),
  reauthenticate: ({ session }) => {
    brokerage.sessions.openBrokerage(session);
    return reauthenticationView();
  },
});

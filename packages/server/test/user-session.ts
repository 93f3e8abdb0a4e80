import type { Harness } from './harness.js';

/** Opens a session for a demo user, as the control API would; `headers` carry its `api` cookie. */
export function userSession(server: Harness, username: string, options = { brokerageOpen: true }) {
  const user = server.brokerage.user(username);
  if (!user) throw new Error(`no user ${username}`);
  const session = server.brokerage.sessions.open(user, { origin: 'control', ...options });
  return { session, headers: { cookie: `api=${session.id}` } };
}

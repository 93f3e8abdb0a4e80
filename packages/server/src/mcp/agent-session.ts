import type { Session } from '../domain/accounts/sessions.js';
import type { AgentGrant } from '../domain/agent-access/model.js';

/** The session the tools of one grant read through: never stored, never listed among the
 * user's sessions, its prerequisites met (an agent has no `/portfolio/accounts` to call first),
 * the grant's account selected. Its id is the grant's, so the market-data subscriptions a
 * snapshot opens are the grant's own. */
export function agentSession(grant: AgentGrant, now: number): Session {
  return {
    id: `agent-${grant.id}`,
    username: grant.username,
    origin: 'agent',
    createdAt: grant.createdAt,
    lastSeenAt: now,
    brokerageOpen: true,
    established: true,
    selectedAccountId: grant.accountId,
    portfolioListed: true,
    accountsQueried: true,
    pnlRequested: true,
    searchedUnderlyings: [],
    ended: false,
  };
}

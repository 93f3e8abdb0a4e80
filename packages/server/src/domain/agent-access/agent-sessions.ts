import { secretHex } from '../kernel/secrets.js';
import type { Index } from '../kernel/store.js';
import type { AreaContext } from '../accounts/brokerage.js';
import type { AgentAccessStore } from './store-view.js';
import type { AgentGrant, AgentSession } from './model.js';
import { clientLifeMs } from './scopes.js';

/** MCP sessions a grant keeps at once; opening one more drops its oldest (a hosted server's
 * agents must not grow the state without bound). */
export const maxSessionsPerGrant = 100;

export type AgentSessionsContext = AreaContext<'clock', never, AgentAccessStore>;

/**
 * The MCP sessions of the endpoint (`Mcp-Session-Id`), kept in the store rather than in the
 * process that answered `initialize`, so that any process on a shared store (`--workers`, two
 * processes on Redis) answers the session's next request. A session is bound to the grant whose
 * token opened it and lives as long as a refresh token may (30 days), or until `DELETE`.
 */
export class AgentSessionBook {
  readonly #byGrant: Index<AgentSession>;

  constructor(private readonly context: AgentSessionsContext) {
    this.#byGrant = this.records.index('byGrant', (session) => session.grantId);
  }

  private get records() {
    return this.context.store.collection('agentSessions');
  }

  /** Opens a session for the grant (its `initialize`), answering its id. */
  open(grant: AgentGrant, protocolVersion: string): string {
    const openedAt = this.context.clock.now();
    const held = this.#byGrant.get(grant.id).sort((a, b) => a.openedAt - b.openedAt);
    for (const oldest of held.slice(0, Math.max(0, held.length - maxSessionsPerGrant + 1)))
      this.records.delete(oldest.id);
    const session: AgentSession = {
      id: secretHex(16),
      grantId: grant.id,
      protocolVersion,
      openedAt,
    };
    this.records.set(session.id, session, { expiresAt: openedAt + clientLifeMs });
    return session.id;
  }

  /** The session, if it is open and the grant's (another grant's token does not reach it). */
  find(id: string, grant: AgentGrant): AgentSession | undefined {
    const session = this.records.get(id);
    return session?.grantId === grant.id ? session : undefined;
  }

  /** Ends the grant's session (`DELETE`); false when there is none. */
  close(id: string, grant: AgentGrant): boolean {
    if (!this.find(id, grant)) return false;
    return this.records.delete(id);
  }
}

import type {
  AgentClient,
  AgentFeedback,
  AgentGrant,
  AgentScenarios,
  AgentSession,
  AgentToken,
  AuthorizationCode,
  PendingAuthorization,
} from './model.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Clients registered for the MCP endpoint, by client id. */
    agentClients: AgentClient;
    /** Authorization requests waiting for consent, by request id. */
    agentPendingAuthorizations: PendingAuthorization;
    /** The one grant of each user (a new one displaces the one before), by username. */
    agentGrants: AgentGrant;
    /** Authorization codes not yet redeemed, by code. */
    agentCodes: AuthorizationCode;
    /** Access and refresh tokens, by token. */
    agentTokens: AgentToken;
    /** The armed MCP failures (one record, `armed`). */
    agentScenarios: AgentScenarios;
    /** Open MCP sessions, by session id. */
    agentSessions: AgentSession;
    /** Feedback sent through the MCP endpoint, by id. */
    agentFeedback: AgentFeedback;
  }
}

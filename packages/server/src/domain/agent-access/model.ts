/** A client registered through dynamic client registration (RFC 7591): public, no secret. */
export interface AgentClient {
  clientId: string;
  clientName: string;
  redirectUris: string[];
  /** The scope the server gave it (its rewrite of what the client asked for). */
  scope: string;
  createdAt: number;
}

/** An authorization request waiting for the user's consent (the control API plays the user). */
export interface PendingAuthorization {
  id: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  resource: string;
  state?: string;
  createdAt: number;
}

/** What a consent grants: one account of one user to one client, with the scope asked for. */
export interface AgentGrant {
  id: string;
  username: string;
  accountId: string;
  clientId: string;
  scope: string;
  resource: string;
  createdAt: number;
}

/** A code given at consent, redeemed once at the token endpoint with the PKCE verifier. */
export interface AuthorizationCode {
  grantId: string;
  username: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
}

/** An access or refresh token (opaque, from the platform's generator) and the grant it carries. */
export interface AgentToken {
  kind: 'access' | 'refresh';
  grantId: string;
  username: string;
  clientId: string;
  expiresAt?: number;
}

/** The MCP failures armed through the control API (`POST /control/scenarios/mcp-*`). */
export interface AgentScenarios {
  /** The firewall answers 403 to discovery and registration without a `User-Agent`. */
  firewall: boolean;
  /** Registration answers 403: the caller's address is not on the allowlist. */
  registrationAllowlist: boolean;
  /** How many of the next `tools/list` calls answer 503. */
  toolListFailures: number;
  /** How many of the next calls of each tool answer the generic error, by tool name. */
  toolErrors: Record<string, number>;
  /** Arguments sent as strings where the schema says number, integer or boolean are refused by
   * input validation (the service's answer, on by default); off, they are converted. */
  stringArgumentsRefused: boolean;
}

/** Feedback an agent sent in the user's name (`provide_customer_feedback`). */
export interface AgentFeedback {
  id: string;
  username: string;
  accountId: string;
  text: string;
  time: number;
}

/** An MCP session (`Mcp-Session-Id`), opened by `initialize` with a grant's token. */
export interface AgentSession {
  id: string;
  grantId: string;
  /** The protocol version `initialize` answered. */
  protocolVersion: string;
  openedAt: number;
}

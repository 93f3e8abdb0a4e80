import type { AreaContext } from '../accounts/brokerage.js';
import { secretHex } from '../kernel/secrets.js';
import type { AgentAccessStore } from './store-view.js';
import type { AgentClient, AgentGrant, AgentToken, PendingAuthorization } from './model.js';
import { OAuthError, OAuthRedirectError } from './oauth-error.js';
import {
  accessTokenSeconds,
  clientLifeMs,
  knownScope,
  maxClients,
  pendingLifeMs,
  registeredScope,
} from './scopes.js';

export type AgentAuthorizationContext = AreaContext<'clock', 'user', AgentAccessStore>;

/** What the token endpoint answers (no id token: the service sends none). */
export interface TokenSet {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** A registration request as RFC 7591 names its fields (only those the server reads). */
export interface RegistrationRequest {
  client_name?: unknown;
  redirect_uris?: unknown;
}

/** An authorization request's parameters (RFC 6749 §4.1.1, PKCE, RFC 8707's `resource`). */
export interface AuthorizeRequest {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  scope?: string;
  state?: string;
  resource?: string;
}

/** The redirect URIs the server accepts: https anywhere, http on loopback only. */
function acceptedRedirect(uri: unknown): uri is string {
  if (typeof uri !== 'string') return false;
  try {
    const url = new URL(uri);
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** The S256 challenge of a PKCE verifier (RFC 7636 §4.2). */
async function challengeOf(verifier: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(verifier),
  );
  return base64url(digest);
}

/**
 * OAuth 2.1 for the MCP endpoint, as the service runs it: dynamic registration of public clients
 * (their scope rewritten), authorization with PKCE (S256) and `resource`, a consent that grants
 * one account (a user's new grant displaces the one before), access tokens of 599 s with refresh
 * tokens that rotate on use, and revocation. Tokens are opaque values of the platform's
 * generator, kept with the grant they carry.
 */
export class AgentAuthorization {
  constructor(private readonly context: AgentAuthorizationContext) {}

  private get store(): AgentAccessStore {
    return this.context.store;
  }

  /** Registers a public client; its scope is the service's, whatever it asked for. */
  register(request: RegistrationRequest): AgentClient {
    const uris = request.redirect_uris;
    if (!Array.isArray(uris) || uris.length === 0 || !uris.every(acceptedRedirect)) {
      throw new OAuthError(
        'invalid_redirect_uri',
        'redirect_uris must list https URIs, or http URIs on a loopback address',
      );
    }
    const client: AgentClient = {
      clientId: secretHex(16),
      clientName: typeof request.client_name === 'string' ? request.client_name : '',
      redirectUris: uris,
      scope: registeredScope,
      createdAt: this.context.clock.now(),
    };
    const clients = this.store.collection('agentClients');
    if (clients.values().length >= maxClients) {
      throw new OAuthError(
        'temporarily_unavailable',
        'Too many registered clients; try later',
        503,
      );
    }
    clients.set(client.clientId, client, { expiresAt: client.createdAt + clientLifeMs });
    return client;
  }

  /** Checks an authorization request and keeps it until the user consents (`consent`). */
  authorize(request: AuthorizeRequest, resource: string): PendingAuthorization {
    const client = request.client_id
      ? this.store.collection('agentClients').get(request.client_id)
      : undefined;
    if (!client) throw new OAuthError('invalid_client', 'Unknown client_id');
    if (!request.redirect_uri || !client.redirectUris.includes(request.redirect_uri)) {
      throw new OAuthError('invalid_request', 'redirect_uri is not registered for this client');
    }
    // From here the redirect_uri is the client's: errors go back to it (OAuth 2.1 §4.1.2.1).
    const { redirect_uri: redirectUri, state } = request;
    const refuse = (code: string, description: string) =>
      new OAuthRedirectError(code, description, redirectUri, state);
    if (request.response_type !== 'code') {
      throw refuse('unsupported_response_type', 'response_type must be code');
    }
    if (!request.code_challenge || request.code_challenge_method !== 'S256') {
      throw refuse('invalid_request', 'PKCE is required: code_challenge with method S256');
    }
    if (request.resource !== resource) {
      throw refuse('invalid_target', `resource must be ${resource}`);
    }
    const scope = knownScope(request.scope);
    if (!scope) throw refuse('invalid_scope', `Unknown scope in ${request.scope}`);
    const now = this.context.clock.now();
    const pending: PendingAuthorization = {
      id: secretHex(16),
      clientId: client.clientId,
      redirectUri: request.redirect_uri,
      codeChallenge: request.code_challenge,
      scope,
      resource,
      ...(request.state === undefined ? {} : { state: request.state }),
      createdAt: now,
    };
    this.store.collection('agentPendingAuthorizations').set(pending.id, pending, {
      expiresAt: now + pendingLifeMs,
    });
    return pending;
  }

  /** The user consents (the control API plays the user): grants one account to the client of the
   * pending request (the latest one, or `requestId`), and answers the redirect with its code. */
  consent(username: string, accountId?: string, requestId?: string): { redirect: string } {
    const pendings = this.store.collection('agentPendingAuthorizations');
    const pending = requestId
      ? pendings.get(requestId)
      : pendings.values().sort((a, b) => b.createdAt - a.createdAt)[0];
    if (!pending)
      throw new OAuthError('invalid_request', 'No authorization request waits for consent');
    const user = this.context.accounts.user(username);
    if (!user) throw new OAuthError('access_denied', `No user ${username}`);
    const account = accountId ?? user.accounts[0];
    if (!account || !user.accounts.includes(account)) {
      throw new OAuthError('access_denied', `Account ${accountId} is not the user's`);
    }
    pendings.delete(pending.id);
    const grant = this.grant(username, account, pending.clientId, pending.scope, pending.resource);
    const code = secretHex(24);
    const { clientId, redirectUri, codeChallenge } = pending;
    this.store
      .collection('agentCodes')
      .set(
        code,
        { grantId: grant.id, username, clientId, redirectUri, codeChallenge },
        { expiresAt: this.context.clock.now() + pendingLifeMs },
      );
    const redirect = new URL(redirectUri);
    redirect.searchParams.set('code', code);
    if (pending.state !== undefined) redirect.searchParams.set('state', pending.state);
    return { redirect: redirect.toString() };
  }

  /** The user's grant, replacing the one before (whose tokens stop working). */
  grant(
    username: string,
    accountId: string,
    clientId: string,
    scope: string,
    resource: string,
  ): AgentGrant {
    const grant: AgentGrant = {
      id: secretHex(16),
      username,
      accountId,
      clientId,
      scope,
      resource,
      createdAt: this.context.clock.now(),
    };
    this.store.collection('agentGrants').set(username, grant);
    return grant;
  }

  /** Redeems a code with its PKCE verifier, once. */
  async exchangeCode(fields: Record<string, string | undefined>): Promise<TokenSet> {
    const codes = this.store.collection('agentCodes');
    const code = fields.code ? codes.get(fields.code) : undefined;
    if (!code || !fields.code) throw new OAuthError('invalid_grant', 'Unknown or used code');
    codes.delete(fields.code);
    if (code.clientId !== fields.client_id || code.redirectUri !== fields.redirect_uri) {
      throw new OAuthError('invalid_grant', 'The code was given to another client or redirect_uri');
    }
    if (!fields.code_verifier || (await challengeOf(fields.code_verifier)) !== code.codeChallenge) {
      throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
    }
    const grant = this.liveGrant(code.username, code.grantId);
    if (!grant) throw new OAuthError('invalid_grant', 'The grant was replaced');
    return this.issue(grant);
  }

  /** Rotates a refresh token: the one given stops working, a new pair is issued. */
  refresh(fields: Record<string, string | undefined>): TokenSet {
    const tokens = this.store.collection('agentTokens');
    const token = fields.refresh_token ? tokens.get(fields.refresh_token) : undefined;
    if (!token || token.kind !== 'refresh' || !fields.refresh_token) {
      throw new OAuthError('invalid_grant', 'Unknown refresh token');
    }
    if (token.clientId !== fields.client_id) {
      throw new OAuthError('invalid_grant', 'The refresh token was given to another client');
    }
    tokens.delete(fields.refresh_token);
    const grant = this.liveGrant(token.username, token.grantId);
    if (!grant) throw new OAuthError('invalid_grant', 'The grant was replaced');
    return this.issue(grant);
  }

  /** Tokens for a grant made without the dance (the control API, gateway mode), of `scope` (a
   * registered client's by default). */
  issueFor(
    username: string,
    accountId: string | undefined,
    resource: string,
    scope = registeredScope,
  ): TokenSet {
    const granted = knownScope(scope);
    if (!granted) throw new OAuthError('invalid_scope', `Unknown scope in ${scope}`);
    const user = this.context.accounts.user(username);
    if (!user) throw new OAuthError('access_denied', `No user ${username}`);
    const account = accountId ?? user.accounts[0];
    if (!account || !user.accounts.includes(account)) {
      throw new OAuthError('access_denied', `Account ${accountId} is not the user's`);
    }
    return this.issue(this.grant(username, account, 'control', granted, resource));
  }

  /** Forgets a token (RFC 7009: an unknown one is no error). */
  revoke(token: string | undefined): void {
    if (token) this.store.collection('agentTokens').delete(token);
  }

  /** The live grant an access token carries, or undefined (unknown, expired, revoked, displaced). */
  authenticate(accessToken: string): AgentGrant | undefined {
    const token = this.store.collection('agentTokens').get(accessToken);
    if (!token || token.kind !== 'access') return undefined;
    if (token.expiresAt !== undefined && token.expiresAt <= this.context.clock.now())
      return undefined;
    return this.liveGrant(token.username, token.grantId);
  }

  /** The user's grant, if it is still the one a token or code was given for. */
  private liveGrant(username: string, grantId: string): AgentGrant | undefined {
    const grant = this.store.collection('agentGrants').get(username);
    return grant?.id === grantId ? grant : undefined;
  }

  private issue(grant: AgentGrant): TokenSet {
    const tokens = this.store.collection('agentTokens');
    const now = this.context.clock.now();
    const accessToken = secretHex(32);
    const refreshToken = secretHex(32);
    const expiresAt = now + accessTokenSeconds * 1000;
    const carried = { grantId: grant.id, username: grant.username, clientId: grant.clientId };
    tokens.set(accessToken, { kind: 'access', ...carried, expiresAt }, { expiresAt });
    // A refresh token lives 30 days from its issue (ours: past the 12 idle hours users saw it
    // survive), so the tokens of displaced grants do not stay for ever.
    tokens.set(refreshToken, { kind: 'refresh', ...carried } satisfies AgentToken, {
      expiresAt: now + clientLifeMs,
    });
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: accessTokenSeconds,
      refresh_token: refreshToken,
      scope: grant.scope,
    };
  }
}

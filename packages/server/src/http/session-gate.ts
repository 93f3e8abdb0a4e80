import type { Access } from '@brokerage/types';
import type { Request } from 'express';
import { parse as parseCookies } from 'cookie';
import type { Brokerage } from '../domain/accounts/brokerage.js';
import type { OAuth2 } from '../domain/auth/oauth2.js';
import type { Session } from '../domain/auth/sessions.js';
import { badRequest, DomainError, unauthorized } from '../domain/kernel/errors.js';
import type { OperationInfo } from './document.js';
import type { LookupThrottle } from './lookup-throttle.js';

/** Recognises one kind of credentials: answers the session they stand for, undefined when the
 * request does not carry this kind, and throws `unauthorized` when it carries them wrongly. */
export type Authenticator = (
  request: Request,
) => Session | undefined | Promise<Session | undefined>;

export interface SessionGateOptions {
  mode: 'gateway' | 'hosted';
  brokerage: Brokerage;
  authenticators: Authenticator[];
  /** The session the local gateway holds for its logged-in user (gateway mode). */
  gatewaySessionId: () => string | undefined;
  /** Counts failed lookups per client address (none: not throttled). */
  throttle?: LookupThrottle | undefined;
}

/** The session the request stands for. Failed lookups are counted per client address: past the
 * throttle's limit, the address is refused with 429 before its credentials are looked at. */
export async function resolveSession(
  request: Request,
  options: SessionGateOptions,
): Promise<Session> {
  const address = request.ip ?? 'unknown';
  options.throttle?.admit(address);
  try {
    return await lookUpSession(request, options);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'unauthorized')
      options.throttle?.fail(address);
    throw error;
  }
}

/** The `api` cookie, the authenticators, or (gateway mode, no credentials) the gateway's session. */
async function lookUpSession(request: Request, options: SessionGateOptions): Promise<Session> {
  const { sessions } = options.brokerage;
  const cookie = parseCookies(request.headers.cookie ?? '').api;
  if (cookie !== undefined) return sessions.require(cookie);
  for (const authenticate of options.authenticators) {
    const session = await authenticate(request);
    if (session) return sessions.require(session.id);
  }
  if (request.headers.authorization !== undefined)
    throw unauthorized('invalid or unparseable authorization');
  if (options.mode === 'gateway') return sessions.require(options.gatewaySessionId());
  throw unauthorized();
}

/** A token operation checks its own credentials, but before its body is validated, so that a
 * request without valid credentials answers 401 whatever its body: an OAuth 1.0a step needs an
 * `OAuth` authorization header (its signature is verified by the step itself), a single sign-on
 * operation a valid bearer token with the operation's scopes (403 without them). Credentials
 * carried in the body (the OAuth 2.0 client assertion) are checked with it. */
export async function checkCredentials(
  request: Request,
  operation: OperationInfo,
  oauth2: OAuth2,
): Promise<void> {
  const authorization = request.headers.authorization;
  const schemes = new Set(operation.security.flat());
  if (schemes.has('oauth1') && !/^OAuth\s/i.test(authorization ?? '')) {
    throw unauthorized('OAuth authorization header required');
  }
  if (schemes.has('bearerToken')) {
    for (const scope of operation.scopes) await oauth2.authorize(authorization, scope);
  }
}

/** Throws unless the operation may run for this session; records the request on it. */
export function admitSession(session: Session, access: Access, brokerage: Brokerage): void {
  brokerage.sessions.touch(session);
  if (access === 'brokerage' && !session.brokerageOpen) throw badRequest('no bridge');
}

import type { Access } from '@brokerage/types';
import type { Brokerage } from '../domain/accounts/brokerage.js';
import { bearerToken, type OAuth2 } from '../domain/auth/oauth2.js';
import type { Session } from '../domain/accounts/sessions.js';
import { badRequest, rateLimited, unauthorized } from '../domain/kernel/errors.js';
import { penaltyLeftMs } from '../domain/accounts/penalty-box.js';
import type { Admitted } from './handler.js';
import type { LookupThrottle } from './lookup-throttle.js';
import { sessionIdOfCookie } from './session-cookie.js';

/** A request as the gate and the authenticators read it, whatever server received it (Express,
 * or MSW's Fetch API `Request`). */
export interface IncomingRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  /** Lower-case names; those read here are single values, as in Node's `IncomingHttpHeaders`. */
  headers: {
    authorization?: string | undefined;
    cookie?: string | undefined;
    host?: string | undefined;
    'content-type'?: string | undefined;
    [name: string]: string | string[] | undefined;
  };
  /** The parsed body (form fields or JSON), when it was read before the gate. */
  body?: unknown;
  /** The address the request came from, when known. */
  ip: string | undefined;
}

/** Recognises one kind of credentials: answers the session they stand for, undefined when the
 * request does not carry this kind, and throws `unauthorized` when it carries them wrongly. */
export type Authenticator = (
  request: IncomingRequest,
) => Session | undefined | Promise<Session | undefined>;

export interface SessionGateOptions {
  mode: 'gateway' | 'hosted';
  brokerage: Brokerage;
  authenticators: Authenticator[];
  /** The session the local gateway holds for its logged-in user (gateway mode). */
  gatewaySessionId: () => string | undefined;
  /** Counts failed lookups per client address and credential (none: not throttled). */
  throttle?: LookupThrottle | undefined;
}

/** The session the request stands for. Failed lookups are counted per client address and per
 * credential (`lookup-throttle.ts`): past the limit, they are refused with 429. */
export async function resolveSession(
  request: IncomingRequest,
  options: SessionGateOptions,
): Promise<Session> {
  const lookup = () => lookUpSession(request, options);
  const credential = credentialOf(request);
  // In gateway mode a request without credentials asks for the gateway's own session: not a
  // guess, and its user must not be locked out by polling after its own logout.
  if (!options.throttle || (credential === undefined && options.mode === 'gateway'))
    return lookup();
  return options.throttle.check({ address: request.ip ?? 'unknown', credential }, lookup);
}

/** What the request presents as its credential: the `api` cookie's session id, or the token of
 * its authorization (an OAuth 1.0a header's `oauth_token`, which stays the same from one signed
 * request to the next); none for the gateway's own session. */
function credentialOf(request: IncomingRequest): string | undefined {
  const cookie = sessionIdOfCookie(request.headers.cookie);
  if (cookie !== undefined) return cookie;
  const authorization = request.headers.authorization;
  return /oauth_token="([^"]*)"/.exec(authorization ?? '')?.[1] ?? authorization;
}

/** The `api` cookie, the authenticators, or (gateway mode, no credentials) the gateway's session.
 * An authenticator that answers at once is not waited for (most requests carry no credentials
 * that need it to wait). */
function lookUpSession(
  request: IncomingRequest,
  options: SessionGateOptions,
  from = 0,
): Session | Promise<Session> {
  const { sessions } = options.brokerage;
  if (from === 0) {
    const cookie = sessionIdOfCookie(request.headers.cookie);
    if (cookie !== undefined) return sessions.require(cookie);
  }
  const { authenticators } = options;
  for (let index = from; index < authenticators.length; index++) {
    const session = (authenticators[index] as Authenticator)(request);
    if (session instanceof Promise) {
      return session.then((found) =>
        found ? sessions.require(found.id) : lookUpSession(request, options, index + 1),
      );
    }
    if (session) return sessions.require(session.id);
  }
  if (request.headers.authorization !== undefined)
    throw unauthorized('invalid or unparseable authorization');
  if (options.mode === 'gateway') return sessions.require(options.gatewaySessionId());
  throw unauthorized();
}

/** The accesses the gate answers with a session. */
export type SessionAccess = 'session' | 'brokerage';

/** The operation needs the caller's session (and the gate looks it up). */
export const needsSession = (access: Access): access is SessionAccess =>
  access === 'session' || access === 'brokerage';

/** An operation without a session checks its own credentials, but before its body is validated,
 * so that a request without valid credentials answers 401 whatever its body: an OAuth 1.0a step
 * needs an `OAuth` authorization header (its signature is verified by the step itself), a bearer
 * operation a valid token with one of the operation's scopes (403 without), whose client the
 * handler then receives. Credentials carried in the body (the OAuth 2.0 client assertion) are
 * checked with it. */
export async function checkCredentials(
  request: IncomingRequest,
  { access, scopes }: { access: Exclude<Access, SessionAccess>; scopes: readonly string[] },
  oauth2: OAuth2,
): Promise<Admitted> {
  const authorization = request.headers.authorization;
  switch (access) {
    case 'oauth1':
      if (!/^OAuth\s/i.test(authorization ?? ''))
        throw unauthorized('OAuth authorization header required');
      return { access: 'oauth1' };
    case 'bearer':
      if (bearerToken(authorization) === undefined) throw unauthorized(withoutBearer(request));
      // The operation's scopes are alternatives (one security requirement each): any one will do.
      return { access: 'bearer', client: await oauth2.authorize(authorization, scopes) };
    case 'public':
      return { access: 'public' };
  }
}

/** Throws unless the operation may run for this session; records the request on it. */
/** Refuses every request of a user in the penalty box (a control scenario) with 429, Retry-After
 * the seconds left, before pacing counts it (`domain/accounts/penalty-box.ts`). */
export function refuseBoxed(session: Session, brokerage: Brokerage): void {
  const left = penaltyLeftMs(brokerage, session.username);
  if (left > 0) throw rateLimited(Math.max(1, Math.ceil(left / 1000)));
}

export function admitSession(session: Session, access: SessionAccess, brokerage: Brokerage): void {
  brokerage.sessions.touch(session);
  if (access === 'brokerage' && !session.brokerageOpen) throw badRequest('no bridge');
}

/** Why a request without a bearer token is refused, naming what it brought instead: a session
 * (its cookie, an OAuth 1.0a signature) admits no operation that takes a bearer token. */
function withoutBearer(request: IncomingRequest): string {
  const authorization = request.headers.authorization;
  let brought: string | undefined;
  if (authorization !== undefined) {
    brought = /^OAuth\s/i.test(authorization)
      ? 'an OAuth 1.0a signature'
      : 'another authorization scheme';
  } else if (sessionIdOfCookie(request.headers.cookie) !== undefined) {
    brought = 'a session cookie';
  }
  return brought === undefined
    ? 'Missing bearer token'
    : `Missing bearer token: ${brought} is not accepted here`;
}

import type { Request } from 'express';
import { parse as parseCookies } from 'cookie';
import type { Brokerage } from '../domain/accounts/brokerage.js';
import { badRequest, unauthorized } from '../domain/kernel/errors.js';
import type { Session } from '../domain/auth/sessions.js';

/** What an operation needs before its handler runs. */
export type Access =
  | 'credentials' // token operations check their own credentials (OAuth 1.0a, OAuth 2.0, SSO)
  | 'session' // a live session
  | 'brokerage'; // a live session whose brokerage (`/iserver`) session is open

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
}

/** The `api` cookie, the authenticators, or (gateway mode, no credentials) the gateway's session. */
export async function resolveSession(
  request: Request,
  options: SessionGateOptions,
): Promise<Session> {
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

/** Throws unless the operation may run for this session; records the request on it. */
export function admitSession(session: Session, access: Access, brokerage: Brokerage): void {
  brokerage.sessions.touch(session);
  if (access === 'brokerage' && !session.brokerageOpen) throw badRequest('no bridge');
}
